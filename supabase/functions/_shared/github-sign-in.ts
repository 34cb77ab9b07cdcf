// The editor's GitHub sign-in, as both ends see it: the github-oauth function, the site's sign-in
// page (admin/sign-in.ts) and its callback page (admin/callback.ts). Plain TypeScript with no
// imports, so it runs in the function (Deno) and in the browser.
//
// The token never travels in an address: GitHub's code and the signed state reach the callback
// page in its fragment, and the page trades them, in the body of a POST with the secret that only
// the sign-in's own window holds, for the token in the answer's body (docs/editing-ui.md).

export const GITHUB_OAUTH_FUNCTION_NAME = 'github-oauth'
export const GITHUB_OAUTH_FUNCTION_PATH = `/functions/v1/${GITHUB_OAUTH_FUNCTION_NAME}`

/** The site's page that completes Decap's handshake (admin/callback.html), under the site's base. */
export const EDITOR_CALLBACK_PAGE = 'admin/callback'

/** The callback page's path on a site served under `base` ("/" or "/repo/pr-12/"). */
export const editorCallbackPath = (base: string) => `${base}${EDITOR_CALLBACK_PAGE}`

/** Decap's GitHub backend names itself so in the popup's messages (decap-cms-lib-auth). */
export const PROVIDER = 'github'

/**
 * The function's steps, the last segment of its address: the popup's start, GitHub's redirect
 * back, and the callback page's trade of the code for the token.
 */
export const SIGN_IN_STEPS = { start: 'auth', back: 'callback', trade: 'token' } as const

/**
 * Where the sign-in page keeps the secret that binds a sign-in to its window: sessionStorage,
 * which belongs to that one window (the popup) and the site's origin, and which the callback page
 * empties before it sends the secret on.
 */
export const SIGN_IN_SECRET_KEY = 'editor-github-sign-in'

/** The secret's bytes: as many as the SHA-256 the state carries of it. */
export const SIGN_IN_SECRET_BYTES = 32

/** A secret or its digest in base64url: 32 bytes make 43 characters. */
export const BASE64URL_32 = /^[A-Za-z0-9_-]{43}$/

/**
 * A base path as the build writes it (renderer/base-path.ts, which the function may not import):
 * "/" or "/a/b/", segments of letters, digits and "-._~", no "." or "..".
 */
export function isSiteBasePath(base: string): boolean {
  if (base === '/') return true
  if (!/^\/([A-Za-z0-9._~-]+\/)+$/.test(base)) return false
  return base
    .slice(1, -1)
    .split('/')
    .every((segment) => segment !== '.' && segment !== '..')
}

/**
 * Why a sign-in ended without a token. The callback page shows its own sentence for each: a
 * crafted link or answer can choose a key, never the words on the page.
 */
export const SIGN_IN_ERRORS = {
  /** The writer pressed Cancel on GitHub's page (GitHub's `error=access_denied`). */
  access_denied:
    'Sign-in was cancelled on GitHub, so the editor has no access. Close this window and press “Login with GitHub” again to retry.',
  /** GitHub answered with an error instead of a code or a token (its code goes along). */
  github_refused:
    'GitHub refused this sign-in. Close this window and press “Login with GitHub” again; if it happens again, tell whoever runs the site.',
  /** GitHub could not be reached, or answered something that is no token. */
  github_unreachable:
    'GitHub did not answer the sign-in as expected. Close this window and try again in a minute; if it keeps happening, tell whoever runs the site.',
  /** The state's limit passed between the Login button and the trade. */
  expired:
    'This sign-in took too long on GitHub’s page, or its link was opened again later, so it was refused. Close this window and press “Login with GitHub” again.',
  /** The code and state were made for a sign-in this window did not start (login CSRF). */
  other_browser:
    'This sign-in was started in another window or browser, so it was refused: signing you in with it could make you edit as someone else. Close this window and press “Login with GitHub” in the editor.',
  /** The state or code was traded already (the function's record, or GitHub's `bad_verification_code`), or its secret was spent. */
  used: 'This sign-in was used already, so it was refused. Close this window and press “Login with GitHub” again.',
  /** GitHub handed out a token that does not expire (an OAuth app, or an App with expiring tokens off). */
  long_lived:
    'GitHub handed this site a sign-in that never expires, so it was refused: the editor accepts only a GitHub App’s 8-hour sign-in. Tell whoever runs the site (docs/deploy.md, “Create the editor’s GitHub App”).',
  /** The function could not record the trade (its database did not answer), so it made none. */
  unavailable:
    'The sign-in could not be completed just now, so nothing was handed over. Close this window and try again in a minute; if it keeps happening, tell whoever runs the site.',
  /** The state was not made by this exchange, or names another site. */
  not_this_site:
    'This sign-in was not made by this site’s editor, so it was refused. Close this window, open the editor at /admin/ on the site and press “Login with GitHub”.',
} as const

export type SignInError = keyof typeof SIGN_IN_ERRORS

export const isSignInError = (key: unknown): key is SignInError =>
  typeof key === 'string' && Object.hasOwn(SIGN_IN_ERRORS, key)

/** GitHub's own error codes (`bad_verification_code`, …) are lower case words and underscores. */
export const GITHUB_CODE = /^[a-z_]{1,64}$/

/** What GitHub's redirect hands the callback page, through the function, in the fragment. */
export type SignInLanding =
  | { kind: 'code'; code: string; state: string }
  | { kind: 'error'; error: SignInError; githubCode?: string }
  | { kind: 'none' }

/** The fragment the function's …/callback ends on (`#code=…&state=…` or `#error=…`). */
export function signInFragment(landing: Exclude<SignInLanding, { kind: 'none' }>): string {
  const fields: Record<string, string> =
    landing.kind === 'code'
      ? { code: landing.code, state: landing.state }
      : {
          error: landing.error,
          ...(landing.githubCode && GITHUB_CODE.test(landing.githubCode)
            ? { github: landing.githubCode }
            : {}),
        }
  return `#${new URLSearchParams(fields).toString()}`
}

/** Reads a fragment written by signInFragment; anything else is `none`. */
export function readSignInFragment(hash: string): SignInLanding {
  const fields = new URLSearchParams(hash.replace(/^#/, ''))
  const code = fields.get('code')
  const state = fields.get('state')
  if (code && state) return { kind: 'code', code, state }
  const error = fields.get('error')
  if (isSignInError(error)) {
    const githubCode = fields.get('github') ?? ''
    return { kind: 'error', error, ...(GITHUB_CODE.test(githubCode) ? { githubCode } : {}) }
  }
  return { kind: 'none' }
}

/** The callback page's POST to …/token: JSON, never a query. */
export interface TradeRequest {
  code: string
  state: string
  /** The secret the sign-in page made and kept (SIGN_IN_SECRET_KEY). */
  secret: string
}

/** The function's answer to that POST. */
export type TradeAnswer = { token: string } | { error: SignInError; github?: string }

/** The most a trade's body may hold: a code, a state and a secret are well under it. */
export const TRADE_BODY_LIMIT = 4096

export function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** A new secret for one sign-in (the sign-in page). */
export function newSignInSecret(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(SIGN_IN_SECRET_BYTES)))
}

/** What the state carries of the secret: its SHA-256, so the state, in addresses, reveals none. */
export async function secretBinding(secret: string): Promise<string> {
  return toBase64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))),
  )
}
