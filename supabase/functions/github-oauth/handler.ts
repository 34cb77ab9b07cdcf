// The OAuth exchange of the editor's GitHub sign-in, as web-standard Request → Response (Deno on
// Supabase, Node in tests of the site). Three addresses:
//   GET  …/github-oauth/auth?provider=github&origin=<site origin>&base=<base path>
//        &binding=<SHA-256 of the popup's secret>
//        (opened by the site's /admin/sign-in page, which Decap's popup opens) → 302 to GitHub's
//        authorize page with a signed state naming the site, its base path and that binding.
//   GET  …/github-oauth/callback?code=…&state=…   (GitHub's redirect, the OAuth app's callback URL)
//        → the state checked, then 302 to <origin><base>admin/callback#code=…&state=…: no token.
//   POST …/github-oauth/token   {code, state, secret}   (from that callback page, in the body)
//        → the secret checked against the state's binding, the code traded for a token with the
//        client secret → {token} in the answer's body, to the site's origin only (CORS): a
//        GitHub App's user token, which reaches only the repository the App is installed on and
//        expires within 8 hours; any other token GitHub hands out is refused (long_lived).
// So the token is never in an address (no history, log or Referer holds it), and only the window
// that started the sign-in, which alone holds the secret, can trade its code: a code and state
// steered into another window are refused. The secret is spent on its one trade, and the
// function records every state and code it trades (sign-in-uses.ts), so a replay is refused
// whatever GitHub would answer. Supabase serves an Edge Function's HTML as
// text/plain on its own domain, so the function shows no page: what cannot go to the site's
// callback page (a bad state, an unlisted origin) is a plain-text sentence, and the trade's
// refusals are keys of SIGN_IN_ERRORS, which the page shows as its own sentences. Every answer
// is `no-store`; no token, code, state, secret or client secret is logged.
import { readBodyWithin } from '../_shared/body-within.ts'
import { decideCors } from '../_shared/cors.ts'
import {
  BASE64URL_32,
  editorCallbackPath,
  isSiteBasePath,
  PROVIDER,
  secretBinding,
  SIGN_IN_STEPS,
  signInFragment,
  TRADE_BODY_LIMIT,
  type SignInError,
  type SignInLanding,
  type TradeAnswer,
} from '../_shared/github-sign-in.ts'
import { OAUTH_SETTING_NAMES, type OAuthConfig } from './config.ts'
import { digestOfUse, type SignInUses } from './sign-in-uses.ts'
import { createStateSigner, type SignInState } from './state.ts'

/**
 * The most a token may live: a GitHub App's user token lasts 8 hours. The exchange hands out no
 * other (docs/editing-ui.md): a token reaching every repository of the writer, until revoked
 * (an OAuth app's `gho_`, or an App with expiring tokens turned off), is refused.
 */
export const MAX_TOKEN_SECONDS = 8 * 60 * 60

/** GitHub's prefix for a GitHub App's user-to-server token. */
export const APP_USER_TOKEN_PREFIX = 'ghu_'

/** How long GitHub's token endpoint may take before the sign-in ends with an error. */
export const TOKEN_TIMEOUT_MS = 10_000

export type OAuthLog = (event: string, fields?: Record<string, string | number>) => void

export const consoleOAuthLog: OAuthLog = (event, fields) =>
  console.log(JSON.stringify({ event, ...fields }))

export interface OAuthHandlerOptions {
  config: OAuthConfig
  /** Where each traded state and code is recorded, so neither is traded twice (sign-in-uses.ts). */
  uses: SignInUses
  /** GitHub's token endpoint is reached through this; default the global fetch. */
  fetch?: typeof fetch
  clock?: () => Date
  log?: OAuthLog
}

const COMMON_HEADERS = {
  // Answers carry a state, a code or a token: no cache keeps them.
  'Cache-Control': 'no-store',
  // The next page (GitHub's, the site's) is not told the address that held the code or state.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
}

const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { ...COMMON_HEADERS, Location: location } })

const sentence = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(`${text}\n`, {
    status,
    headers: { ...COMMON_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...headers },
  })

const START_AGAIN =
  'Close this window, open the editor at /admin/ on the site and press “Login with GitHub” again.'

/**
 * What the exchange answers where its settings are missing or unusable (`problem`, the sentence
 * oauthConfigFromEnv throws, which names settings and never holds a secret): it starts no
 * sign-in, and a local server started so goes on serving the site.
 */
export function notConfiguredHandler(problem: string): (request: Request) => Promise<Response> {
  return () =>
    Promise.resolve(
      sentence(
        503,
        `The editor's GitHub sign-in is not configured on this server (${problem}). Whoever runs it sets ${OAUTH_SETTING_NAMES.join(', ')} and restarts it; docs/editing-ui.md says how.`,
      ),
    )
}

/** Why a trade was refused, as its status and the key the callback page shows the sentence of. */
type Refusal = { status: number; error: SignInError; github?: string }

export async function createOAuthHandler(
  options: OAuthHandlerOptions,
): Promise<(request: Request) => Promise<Response>> {
  const { config } = options
  const fetchGitHub = options.fetch ?? fetch
  const clock = options.clock ?? (() => new Date())
  const log = options.log ?? consoleOAuthLog
  const signer = await createStateSigner(config.stateKey)
  const nowSeconds = () => Math.floor(clock().getTime() / 1000)

  function backToSite(state: SignInState, landing: Exclude<SignInLanding, { kind: 'none' }>) {
    return redirect(`${state.origin}${editorCallbackPath(state.base)}${signInFragment(landing)}`)
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
    const base = params.get('base') ?? ''
    const binding = params.get('binding') ?? ''
    if (!isSiteBasePath(base) || !BASE64URL_32.test(binding)) {
      log('oauth.refused', { step: 'auth', reason: 'page' })
      return sentence(
        400,
        `Sign-in refused: it did not start from this site's sign-in page (its base path and binding are missing or malformed). ${START_AGAIN}`,
      )
    }
    const state = await signer.sign({
      origin,
      base,
      binding,
      expires: nowSeconds() + config.stateLifetimeSeconds,
    })
    // No redirect_uri: GitHub then uses the app's callback URL, the one address it accepts. No
    // scope: a GitHub App's token reaches what the App is installed on, with its permissions, and
    // a `scope` the editor asks for (Decap's `repo`) is not passed on.
    const authorize = new URL(`${config.githubBaseUrl}/login/oauth/authorize`)
    authorize.search = new URLSearchParams({
      client_id: config.clientId,
      state,
      allow_signup: 'false',
    }).toString()
    log('oauth.auth', { origin })
    return redirect(authorize.href)
  }

  /** Trades the code for a token at GitHub; the client secret goes only into this request. */
  async function trade(code: string): Promise<{ token: string } | Refusal> {
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
      return { status: 502, error: 'github_unreachable' }
    }
    // Not JSON: counted as unreachable below.
    const body = (await answer.json().catch(() => null)) as {
      access_token?: unknown
      expires_in?: unknown
      error?: unknown
    } | null
    if (answer.ok && body && typeof body.access_token === 'string' && body.access_token) {
      // Only an App's user token, expiring within the working day, goes to the editor. Its
      // refresh token stays here and is dropped: Decap cannot refresh, so a writer signs in again.
      const expiring =
        typeof body.expires_in === 'number' &&
        body.expires_in > 0 &&
        body.expires_in <= MAX_TOKEN_SECONDS
      if (!body.access_token.startsWith(APP_USER_TOKEN_PREFIX) || !expiring) {
        log('oauth.refused', { step: 'token', reason: 'long_lived' })
        return { status: 502, error: 'long_lived' }
      }
      return { token: body.access_token }
    }
    // GitHub answers a refused code with 200 and an `error` field (bad_verification_code, …).
    if (body && typeof body.error === 'string') {
      log('oauth.github_refused', { step: 'token', code: body.error.slice(0, 64) })
      // A code GitHub has traded before (or one past its own 10 minutes): a replay.
      if (body.error === 'bad_verification_code') return { status: 400, error: 'used' }
      return { status: 502, error: 'github_refused', github: body.error }
    }
    log('oauth.github_unreachable', { status: answer.status })
    return { status: 502, error: 'github_unreachable' }
  }

  /** GitHub's redirect back: checks the state and hands code and state to the site's page. */
  async function back(params: URLSearchParams): Promise<Response> {
    const checked = await signer.check(params.get('state') ?? '', nowSeconds())
    if (!checked.valid) {
      log('oauth.refused', { step: 'callback', reason: checked.reason })
      return sentence(
        400,
        checked.reason === 'expired'
          ? `This sign-in took more than ${config.stateLifetimeSeconds / 60} minutes, or its link was opened again later, so it was refused. ${START_AGAIN}`
          : `This sign-in link was not made by this site's sign-in, so it was refused. ${START_AGAIN}`,
      )
    }
    const { state } = checked
    // The list may have changed since the state was signed; code and token go to listed sites only.
    if (!config.allowedOrigins.includes(state.origin)) {
      log('oauth.refused', { step: 'callback', reason: 'origin' })
      return sentence(
        403,
        `Sign-in refused: ${JSON.stringify(state.origin)} is no longer one of this site's addresses. ${START_AGAIN}`,
      )
    }
    const githubError = params.get('error')
    if (githubError) {
      log('oauth.github_refused', { step: 'authorize', code: githubError.slice(0, 64) })
      return backToSite(
        state,
        githubError === 'access_denied'
          ? { kind: 'error', error: 'access_denied' }
          : { kind: 'error', error: 'github_refused', githubCode: githubError },
      )
    }
    const code = params.get('code')
    if (!code) {
      log('oauth.refused', { step: 'callback', reason: 'no code' })
      return backToSite(state, { kind: 'error', error: 'github_unreachable' })
    }
    log('oauth.callback', { origin: state.origin })
    return backToSite(state, { kind: 'code', code, state: params.get('state')! })
  }

  /** The callback page's trade: its secret, the state's binding, then GitHub's token endpoint. */
  async function tradeFor(request: Request, origin: string): Promise<{ token: string } | Refusal> {
    const type = request.headers.get('content-type') ?? ''
    if (!/^application\/json(;|$)/i.test(type)) return { status: 415, error: 'not_this_site' }
    const length = Number(request.headers.get('content-length') ?? '0')
    if (length > TRADE_BODY_LIMIT) return { status: 413, error: 'not_this_site' }
    // Read with its limit: a chunked body is refused once it passes it, not after it ends.
    const bytes = await readBodyWithin(request, TRADE_BODY_LIMIT).catch(() => new Uint8Array())
    if (!bytes) return { status: 413, error: 'not_this_site' }
    let fields: Record<string, unknown>
    try {
      fields = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>
    } catch {
      return { status: 400, error: 'not_this_site' }
    }
    const { code, state: stateText, secret } = fields ?? {}
    if (typeof code !== 'string' || typeof stateText !== 'string' || typeof secret !== 'string')
      return { status: 400, error: 'not_this_site' }
    const checked = await signer.check(stateText, nowSeconds())
    if (!checked.valid) {
      log('oauth.refused', { step: 'token', reason: checked.reason })
      return { status: 400, error: checked.reason === 'expired' ? 'expired' : 'not_this_site' }
    }
    if (checked.state.origin !== origin) {
      log('oauth.refused', { step: 'token', reason: 'origin' })
      return { status: 403, error: 'not_this_site' }
    }
    // Only the window that started this sign-in holds the secret whose digest the state carries.
    if (!BASE64URL_32.test(secret) || (await secretBinding(secret)) !== checked.state.binding) {
      log('oauth.refused', { step: 'token', reason: 'binding' })
      return { status: 403, error: 'other_browser' }
    }
    // Spent here, before GitHub is asked, whatever it answers: a state or a code traded before
    // (a replay, or a new code fetched for a state already used) is refused by this record.
    let claimed: boolean
    try {
      claimed = await options.uses.claim({
        stateDigest: await digestOfUse(stateText),
        codeDigest: await digestOfUse(code),
        expiresAt: new Date(checked.state.expires * 1000),
        now: clock(),
      })
    } catch (error) {
      log('oauth.record_unavailable', { reason: error instanceof Error ? error.name : 'error' })
      return { status: 503, error: 'unavailable' }
    }
    if (!claimed) {
      log('oauth.refused', { step: 'token', reason: 'used' })
      return { status: 400, error: 'used' }
    }
    const outcome = await trade(code)
    if ('token' in outcome) log('oauth.signed_in', { origin })
    return outcome
  }

  async function tokenStep(request: Request): Promise<Response> {
    const origin = request.headers.get('origin')
    // Checked before anything else: only the listed sites' pages may trade (and read the answer).
    const cors = decideCors(origin, config.allowedOrigins)
    if (origin === null || !cors.allowed) {
      log('oauth.refused', { step: 'token', reason: 'origin' })
      return sentence(
        403,
        `Only this site's editor may finish a sign-in here. ${START_AGAIN}`,
        cors.headers,
      )
    }
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: { ...COMMON_HEADERS, ...cors.headers } })
    const outcome = await tradeFor(request, origin)
    const answer: TradeAnswer =
      'token' in outcome
        ? { token: outcome.token }
        : { error: outcome.error, ...(outcome.github ? { github: outcome.github } : {}) }
    return Response.json(answer, {
      status: 'token' in outcome ? 200 : outcome.status,
      headers: { ...COMMON_HEADERS, ...cors.headers },
    })
  }

  const METHODS: Record<string, readonly string[]> = {
    [SIGN_IN_STEPS.start]: ['GET'],
    [SIGN_IN_STEPS.back]: ['GET'],
    [SIGN_IN_STEPS.trade]: ['POST', 'OPTIONS'],
  }

  return async (request) => {
    const url = new URL(request.url)
    // Supabase hands the function its path from the function's name on (/github-oauth/auth);
    // the last segment names the step wherever the function is mounted.
    const step = url.pathname.replace(/\/+$/, '').split('/').pop() ?? ''
    const methods = Object.hasOwn(METHODS, step) ? METHODS[step]! : undefined
    if (!methods)
      return sentence(
        404,
        `Nothing here: this exchange answers …/${Object.values(SIGN_IN_STEPS).join(', …/')} only.`,
      )
    if (!methods.includes(request.method))
      return sentence(405, `Only ${methods.join(' and ')} is answered here.`, {
        Allow: methods.join(', '),
      })
    if (step === SIGN_IN_STEPS.start) return start(url.searchParams)
    if (step === SIGN_IN_STEPS.back) return back(url.searchParams)
    return tokenStep(request)
  }
}
