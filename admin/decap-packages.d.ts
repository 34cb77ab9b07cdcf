// Decap's backend, widget and locale packages ship no types: what ./decap-app.ts takes of them,
// in decap-cms-core's own types.
declare module 'decap-cms-backend-github' {
  import type { CmsBackendClass } from 'decap-cms-core'
  export const GitHubBackend: CmsBackendClass
}

declare module 'decap-cms-backend-proxy' {
  import type { CmsBackendClass } from 'decap-cms-core'
  export const ProxyBackend: CmsBackendClass
}

declare module 'decap-cms-widget-*' {
  import type { CmsWidgetParam } from 'decap-cms-core'
  const widget: { Widget(): CmsWidgetParam }
  export default widget
}

declare module 'decap-cms-locales' {
  import type { CmsLocalePhrases } from 'decap-cms-core'
  export const en: CmsLocalePhrases
}

declare module 'decap-cms-lib-auth' {
  export class NetlifyAuthenticator {
    constructor(config: { base_url?: string; auth_endpoint?: string; site_id?: string })
    authenticate(
      options: { provider: string; scope?: string },
      done: (error: unknown, credentials?: { token: string; provider: string }) => void,
    ): void
  }
}

// Decap's store and login action (./decap-session.ts): not exported by its package, the same
// modules its index imports.
declare module 'decap-cms-core/dist/esm/redux/index.js' {
  interface ImmutableMap<T> {
    get(key: string): T
    has(key: string): boolean
    forEach(each: (value: T, key: string) => void): void
  }
  export const store: {
    getState(): {
      auth: { user?: object; error?: string }
      /** Immutable.js maps, as Decap keeps them. */
      editorialWorkflow?: {
        get(key: 'entities'): ImmutableMap<ImmutableMap<unknown>> | undefined
      }
    }
    dispatch<T>(action: unknown): T
    subscribe(listener: () => void): () => void
  }
}

declare module 'decap-cms-core/dist/esm/actions/auth.js' {
  export function loginUser(credentials: { token: string; provider: string }): unknown
}
