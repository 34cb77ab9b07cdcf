// A local stand-in for github.com's web flow as a GitHub App with expiring user tokens answers it
// (docs.github.com "Generating a user access token for a GitHub App", the flow the editor's
// sign-in uses): the authorize page, which sends the browser back to the app's callback URL with
// a code (or `error=access_denied` when the writer cancels), and the token endpoint, which trades
// an issued code once for an 8-hour `ghu_` token and a `ghr_` refresh token, with no scope, when
// the client id and secret are the app's (or, `kind: 'oauth-app'`, a token that never expires,
// as an OAuth app's `gho_` with its scope). It runs on node:http, so the same fake serves Node tests (Playwright) and Deno tests
// (tests/deno/github-oauth.test.ts), and records every request with its answer.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback } from '../../server/listen-on-loopback.ts'
import {
  newSignInSecret,
  readSignInFragment,
  secretBinding,
  SIGN_IN_STEPS,
  type TradeRequest,
} from '../../supabase/functions/_shared/github-sign-in.ts'
import { FAKE_TOKEN } from './repo.ts'

/** GitHub's user token lifetime for an App (8 hours) and its refresh token's (6 months). */
export const GITHUB_APP_TOKEN_SECONDS = 28_800
export const GITHUB_APP_REFRESH_TOKEN_SECONDS = 15_897_600

export interface FakeOAuthApp {
  clientId: string
  clientSecret: string
  /** The app's "Authorization callback URL": the exchange's …/callback. */
  callbackUrl: string
}

export interface RecordedOAuthRequest {
  method: string
  /** Path and query, as sent. */
  url: string
  /** The token endpoint's fields (JSON or form). */
  body?: Record<string, string>
  status: number
  /** Where a redirect sent the browser. */
  location?: string
  response?: unknown
}

export interface FakeGitHubOAuth {
  origin: string
  requests: RecordedOAuthRequest[]
  /** The OAuth app GitHub knows; set once the exchange's address is known. */
  registerApp(app: FakeOAuthApp): void
  /** What the writer does on the authorize page: approve (default) or press Cancel. */
  writerChoice: 'approve' | 'cancel'
  /**
   * Whether a code works once, as on github.com (default); false plays a GitHub that trades a
   * code again, to show that the exchange's own record refuses the replay.
   */
  codesWorkOnce: boolean
  /** The token the token endpoint hands out: the one the fake REST API accepts. */
  token: string
  /** What GitHub is registered as: a GitHub App (default) or an OAuth app, whose tokens never expire. */
  kind: 'github-app' | 'oauth-app'
  close(): Promise<void>
}

async function readFields(req: IncomingMessage): Promise<Record<string, string>> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  if (!text) return {}
  if ((req.headers['content-type'] ?? '').includes('application/json'))
    return Object.fromEntries(
      Object.entries(JSON.parse(text) as Record<string, unknown>).map(([key, value]) => [
        key,
        String(value),
      ]),
    )
  return Object.fromEntries(new URLSearchParams(text))
}

export async function startFakeGitHubOAuth(): Promise<FakeGitHubOAuth> {
  const requests: RecordedOAuthRequest[] = []
  let app: FakeOAuthApp | undefined
  /** Codes handed out and not yet traded: GitHub's codes work once (and for 10 minutes). */
  const issuedCodes = new Set<string>()

  type Answer = { status: number; location?: string; data?: unknown }

  function authorize(url: URL): Answer {
    const params = url.searchParams
    if (!app || params.get('client_id') !== app.clientId)
      return { status: 404, data: { message: 'Not Found' } }
    const back = new URL(app.callbackUrl)
    const state = params.get('state')
    if (fake.writerChoice === 'cancel') {
      back.searchParams.set('error', 'access_denied')
      back.searchParams.set('error_description', 'The user has denied your application access.')
    } else {
      const code = randomUUID().replaceAll('-', '').slice(0, 20)
      issuedCodes.add(code)
      back.searchParams.set('code', code)
    }
    if (state !== null) back.searchParams.set('state', state)
    return { status: 302, location: back.href }
  }

  function accessToken(fields: Record<string, string>): Answer {
    // GitHub answers these refusals with 200 and an `error` field.
    if (!app || fields.client_id !== app.clientId || fields.client_secret !== app.clientSecret)
      return {
        status: 200,
        data: {
          error: 'incorrect_client_credentials',
          error_description: 'The client_id and/or client_secret passed are incorrect.',
        },
      }
    const code = fields.code ?? ''
    if (!(fake.codesWorkOnce ? issuedCodes.delete(code) : issuedCodes.has(code)))
      return {
        status: 200,
        data: {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        },
      }
    if (fake.kind === 'oauth-app')
      return {
        status: 200,
        data: { access_token: `gho_${fake.token.slice(4)}`, token_type: 'bearer', scope: 'repo' },
      }
    return {
      status: 200,
      data: {
        access_token: fake.token,
        expires_in: GITHUB_APP_TOKEN_SECONDS,
        refresh_token: `ghr_${randomUUID().replaceAll('-', '')}`,
        refresh_token_expires_in: GITHUB_APP_REFRESH_TOKEN_SECONDS,
        scope: '',
        token_type: 'bearer',
      },
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url!, 'http://fake')
    let body: Record<string, string> | undefined
    let answer: Answer
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') answer = authorize(url)
    else if (req.method === 'POST' && url.pathname === '/login/oauth/access_token')
      answer = accessToken((body = await readFields(req)))
    else {
      process.stderr.write(`fake GitHub OAuth: no endpoint for ${req.method} ${req.url}\n`)
      answer = { status: 404, data: { message: 'Not Found' } }
    }
    requests.push({ method: req.method!, url: req.url!, body, ...answer, response: answer.data })
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' }
    if (answer.location) headers.Location = answer.location
    res.writeHead(answer.status, headers)
    res.end(answer.data === undefined ? '' : JSON.stringify(answer.data))
  }

  const server = createServer((req, res) => {
    void handle(req, res)
  })
  const listening = await listenOnLoopback(server)
  const fake: FakeGitHubOAuth = {
    origin: listening.origin,
    requests,
    registerApp(registered) {
      app = registered
    },
    writerChoice: 'approve',
    codesWorkOnce: true,
    token: FAKE_TOKEN,
    kind: 'github-app',
    close: listening.close,
  }
  return fake
}

/**
 * What the site's sign-in page (admin/sign-in.ts) opens, made as it makes it: a new secret, and
 * the exchange's …/auth address with its digest. `exchange`: the function's address.
 */
export async function signInStart(
  exchange: string,
  options: { origin: string; base?: string; scope?: string },
): Promise<{ secret: string; url: string }> {
  const secret = newSignInSecret()
  const params = new URLSearchParams({
    provider: 'github',
    site_id: 'site.example',
    ...(options.scope ? { scope: options.scope } : {}),
    origin: options.origin,
    base: options.base ?? '/',
    binding: await secretBinding(secret),
  })
  return { secret, url: `${exchange}/${SIGN_IN_STEPS.start}?${params}` }
}

/** The code and state the exchange's last redirect hands the site's callback page. */
export function tradeOf(location: string, secret: string): TradeRequest {
  const landing = readSignInFragment(new URL(location).hash)
  if (landing.kind !== 'code') throw new Error(`no code in ${new URL(location).pathname}`)
  return { code: landing.code, state: landing.state, secret }
}

/** The callback page's POST to the exchange's …/token, from `origin`. */
export function postTrade(exchange: string, origin: string, body: unknown): Promise<Response> {
  return fetch(`${exchange}/${SIGN_IN_STEPS.trade}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify(body),
  })
}
