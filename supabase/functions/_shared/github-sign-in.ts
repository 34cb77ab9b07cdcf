// The editor's GitHub sign-in, as both ends see it: the github-oauth function writes the address
// of the site's callback page and its fragment, and that page (admin/callback.ts) reads them.
// Plain TypeScript with no imports, so it runs in the function (Deno) and in the browser.

export const GITHUB_OAUTH_FUNCTION_NAME = 'github-oauth'
export const GITHUB_OAUTH_FUNCTION_PATH = `/functions/v1/${GITHUB_OAUTH_FUNCTION_NAME}`

/** The site's page that completes Decap's handshake (admin/callback.html). */
export const EDITOR_CALLBACK_PATH = '/admin/callback'

/** Decap's GitHub backend names itself so in the popup's messages (decap-cms-lib-auth). */
export const PROVIDER = 'github'

/**
 * Why a sign-in ended without a token, as the function hands it to the callback page. The page
 * shows its own sentence for each: a crafted link can choose a code, never the words on the page.
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
} as const

export type SignInError = keyof typeof SIGN_IN_ERRORS

/** GitHub's own error codes (`bad_verification_code`, …) are lower case words and underscores. */
const GITHUB_CODE = /^[a-z_]{1,64}$/

export type SignInOutcome =
  | { kind: 'token'; token: string }
  | { kind: 'error'; error: SignInError; githubCode?: string }
  | { kind: 'none' }

/** The fragment the function ends on (`#token=…` or `#error=…`): fragments reach no server. */
export function signInFragment(outcome: Exclude<SignInOutcome, { kind: 'none' }>): string {
  const fields: Record<string, string> =
    outcome.kind === 'token'
      ? { token: outcome.token, provider: PROVIDER }
      : {
          error: outcome.error,
          ...(outcome.githubCode && GITHUB_CODE.test(outcome.githubCode)
            ? { github: outcome.githubCode }
            : {}),
        }
  return `#${new URLSearchParams(fields).toString()}`
}

/** Reads a fragment written by signInFragment; anything else is `none`. */
export function readSignInFragment(hash: string): SignInOutcome {
  const fields = new URLSearchParams(hash.replace(/^#/, ''))
  const token = fields.get('token')
  if (token) return { kind: 'token', token }
  const error = fields.get('error')
  if (error && Object.hasOwn(SIGN_IN_ERRORS, error)) {
    const githubCode = fields.get('github') ?? ''
    return {
      kind: 'error',
      error: error as SignInError,
      ...(GITHUB_CODE.test(githubCode) ? { githubCode } : {}),
    }
  }
  return { kind: 'none' }
}
