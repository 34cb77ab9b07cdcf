// The part of decap-cms-lib-auth (no types of its own) that tests/dev/sign-in-opener.ts uses.
declare module 'decap-cms-lib-auth' {
  export class NetlifyAuthenticator {
    constructor(config: { base_url?: string; auth_endpoint?: string; site_id?: string })
    authenticate(
      options: { provider: string; scope?: string },
      callback: (error: unknown, data?: { token: string; provider: string }) => void,
    ): void
  }
}
