// The OAuth exchange of the editor's GitHub sign-in, as web-standard Request → Response (Deno on
// Supabase, Node in tests of the site). Two addresses:
//   GET …/github-oauth/auth?provider=github&scope=repo&origin=<site origin>
//       (opened by the site's /admin/sign-in page, which Decap's popup opens) → 302 to GitHub's
//       authorize page with a signed state naming that origin.
//   GET …/github-oauth/callback?code=…&state=…   (GitHub's redirect, the OAuth app's callback URL)
//       → the code traded for a token with the client secret → 302 to
//       <origin>/admin/callback#token=…, whose page hands it to the editor.
// Supabase serves an Edge Function's HTML as text/plain on its own domain, so the function shows
// no page: success and GitHub's errors go to the site's callback page in the fragment (which no
// server receives or logs), and what cannot go there (a bad state, an unlisted origin) is answered
// as a plain-text sentence. Every answer is `no-store`; no token, code, state or secret is logged.
import {
  EDITOR_CALLBACK_PATH,
  PROVIDER,
  signInFragment,
  type SignInOutcome,
} from '../_shared/github-sign-in.ts'
import { OAUTH_SECRET_NAMES, type OAuthConfig } from './config.ts'
import { createStateSigner } from './state.ts'

/** What Decap's GitHub backend asks for: `repo`, or `public_repo` with open authoring. */
export const ALLOWED_SCOPES = ['repo', 'public_repo'] as const

/** How long GitHub's token endpoint may take before the sign-in ends with an error. */
export const TOKEN_TIMEOUT_MS = 10_000

export type OAuthLog = (event: string, fields?: Record<string, string | number>) => void

export const consoleOAuthLog: OAuthLog = (event, fields) =>
  console.log(JSON.stringify({ event, ...fields }))

export interface OAuthHandlerOptions {
  config: OAuthConfig
  /** GitHub's token endpoint is reached through this; default the global fetch. */
  fetch?: typeof fetch
  clock?: () => Date
  log?: OAuthLog
}

const COMMON_HEADERS = {
  // Answers carry a state, a code or a token in their addresses: no cache keeps them.
  'Cache-Control': 'no-store',
  // The next page (GitHub's, the site's) is not told the address that held the code or state.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
}

const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { ...COMMON_HEADERS, Location: location } })

const sentence = (status: number, text: string) =>
  new Response(`${text}\n`, {
    status,
    headers: { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  })

const START_AGAIN =
  'Close this window, open the editor at /admin/ on the site and press “Login with GitHub” again.'

/**
 * What the exchange answers where its settings are missing or unusable (`problem`, the sentence
 * oauthConfigFromEnv throws, which names settings and never holds a value): a local server
 * started without them answers every address of the function so, and goes on serving the site.
 */
export function notConfiguredHandler(problem: string): (request: Request) => Promise<Response> {
  return () =>
    Promise.resolve(
      sentence(
        503,
        `The editor's GitHub sign-in is not configured on this server (${problem}). Whoever runs it sets ${OAUTH_SECRET_NAMES.join(', ')} and restarts it; docs/editing-ui.md says how.`,
      ),
    )
}

export async function createOAuthHandler(
  options: OAuthHandlerOptions,
): Promise<(request: Request) => Promise<Response>> {
  const { config } = options
  const fetchGitHub = options.fetch ?? fetch
  const clock = options.clock ?? (() => new Date())
  const log = options.log ?? consoleOAuthLog
  const signer = await createStateSigner(config.stateKey)
  const nowSeconds = () => Math.floor(clock().getTime() / 1000)

  function backToSite(origin: string, outcome: Exclude<SignInOutcome, { kind: 'none' }>) {
    return redirect(`${origin}${EDITOR_CALLBACK_PATH}${signInFragment(outcome)}`)
  }

  async function start(params: URLSearchParams): Promise<Response> {
    const provider = params.get('provider')
    if (provider !== PROVIDER) {
      log('oauth.refused', { step: 'auth', reason: 'provider' })
      return sentence(400, `This sign-in is for GitHub only (provider=github). ${START_AGAIN}`)
    }
    const origin = params.get('origin') ?? ''
    if (!config.allowedOrigins.includes(origin)) {
      log('oauth.refused', { step: 'auth', reason: 'origin' })
      return sentence(
        403,
        `Sign-in refused: ${JSON.stringify(origin.slice(0, 200))} is not one of this site's addresses. Open the editor at the site's own address; whoever runs the site can add an address to ALLOWED_ORIGINS.`,
      )
    }
    const scope = params.get('scope') || 'repo'
    if (!(ALLOWED_SCOPES as readonly string[]).includes(scope)) {
      log('oauth.refused', { step: 'auth', reason: 'scope' })
      return sentence(
        400,
        `Sign-in refused: the editor asked GitHub for ${JSON.stringify(scope)}, and only ${ALLOWED_SCOPES.join(' or ')} is granted. Set the editor's auth_scope to one of them.`,
      )
    }
    const state = await signer.sign({ origin, expires: nowSeconds() + config.stateLifetimeSeconds })
    // No redirect_uri: GitHub then uses the OAuth app's callback URL, the one address it accepts.
    const authorize = new URL(`${config.githubBaseUrl}/login/oauth/authorize`)
    authorize.search = new URLSearchParams({
      client_id: config.clientId,
      scope,
      state,
      allow_signup: 'false',
    }).toString()
    log('oauth.auth', { origin })
    return redirect(authorize.href)
  }

  /** Trades the code for a token at GitHub; the client secret goes only into this request. */
  async function trade(code: string): Promise<Exclude<SignInOutcome, { kind: 'none' }>> {
    let answer: Response
    try {
      answer = await fetchGitHub(`${config.githubBaseUrl}/login/oauth/access_token`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code,
        }),
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      })
    } catch (error) {
      log('oauth.github_unreachable', { reason: error instanceof Error ? error.name : 'error' })
      return { kind: 'error', error: 'github_unreachable' }
    }
    // Not JSON: counted as unreachable below.
    const body = (await answer.json().catch(() => null)) as {
      access_token?: unknown
      error?: unknown
    } | null
    if (answer.ok && body && typeof body.access_token === 'string' && body.access_token)
      return { kind: 'token', token: body.access_token }
    // GitHub answers a refused code with 200 and an `error` field (bad_verification_code, …).
    if (body && typeof body.error === 'string') {
      log('oauth.github_refused', { step: 'token', code: body.error.slice(0, 64) })
      return { kind: 'error', error: 'github_refused', githubCode: body.error }
    }
    log('oauth.github_unreachable', { status: answer.status })
    return { kind: 'error', error: 'github_unreachable' }
  }

  async function finish(params: URLSearchParams): Promise<Response> {
    const checked = await signer.check(params.get('state') ?? '', nowSeconds())
    if (!checked.valid) {
      log('oauth.refused', { step: 'callback', reason: checked.reason })
      return sentence(
        400,
        checked.reason === 'expired'
          ? `This sign-in took more than ${config.stateLifetimeSeconds / 60} minutes on GitHub's page, or its link was opened again later, so it was refused. ${START_AGAIN}`
          : `This sign-in link was not made by this site's sign-in, so it was refused. ${START_AGAIN}`,
      )
    }
    const { origin } = checked.state
    // The list may have changed since the state was signed; the token goes to listed sites only.
    if (!config.allowedOrigins.includes(origin)) {
      log('oauth.refused', { step: 'callback', reason: 'origin' })
      return sentence(
        403,
        `Sign-in refused: ${JSON.stringify(origin)} is no longer one of this site's addresses. ${START_AGAIN}`,
      )
    }
    const githubError = params.get('error')
    if (githubError) {
      log('oauth.github_refused', { step: 'authorize', code: githubError.slice(0, 64) })
      return backToSite(
        origin,
        githubError === 'access_denied'
          ? { kind: 'error', error: 'access_denied' }
          : { kind: 'error', error: 'github_refused', githubCode: githubError },
      )
    }
    const code = params.get('code')
    if (!code) {
      log('oauth.refused', { step: 'callback', reason: 'no code' })
      return backToSite(origin, { kind: 'error', error: 'github_unreachable' })
    }
    const outcome = await trade(code)
    if (outcome.kind === 'token') log('oauth.signed_in', { origin })
    return backToSite(origin, outcome)
  }

  return async (request) => {
    const url = new URL(request.url)
    // Supabase hands the function its path from the function's name on (/github-oauth/auth);
    // the last segment names the step wherever the function is mounted.
    const step = url.pathname.replace(/\/+$/, '').split('/').pop()
    if (step !== 'auth' && step !== 'callback')
      return sentence(404, `Nothing here: this exchange answers …/auth and …/callback only.`)
    if (request.method !== 'GET')
      return new Response(`Only GET is answered here.\n`, {
        status: 405,
        headers: { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET' },
      })
    return step === 'auth' ? start(url.searchParams) : finish(url.searchParams)
  }
}
