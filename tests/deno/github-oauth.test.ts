// The editor's OAuth exchange (supabase/functions/github-oauth) under Deno, the runtime Supabase
// runs it on, served by Deno.serve on 127.0.0.1 and walked like a browser walks it (redirects
// followed by hand, the callback page's trade posted as it posts it) against the fake github.com
// of tests/fake-github/oauth.ts. Every answer of the exchange and every console line is kept, to
// show that none holds the client secret, and that the token is in no address, header or log.
import assert from 'node:assert/strict'
import {
  oauthConfigFromEnv,
  type OAuthConfig,
} from '../../supabase/functions/github-oauth/config.ts'
import { createOAuthHandler } from '../../supabase/functions/github-oauth/handler.ts'
import {
  CLAIM_SIGN_IN_FUNCTION,
  restSignInUses,
} from '../../supabase/functions/github-oauth/sign-in-uses.ts'
import {
  GITHUB_OAUTH_FUNCTION_PATH,
  readSignInFragment,
  TRADE_BODY_LIMIT,
  type TradeRequest,
} from '../../supabase/functions/_shared/github-sign-in.ts'
import {
  postTrade,
  signInStart,
  startFakeGitHubOAuth,
  tradeOf,
  type FakeGitHubOAuth,
} from '../fake-github/oauth.ts'

const SITE = 'https://site.example'
const CLIENT_ID = 'Iv1.client-id-of-the-app'
const CLIENT_SECRET = 'client-secret-that-must-never-be-seen-0123456789'
const STATE_KEY = 'state-key-that-must-never-be-seen-0123456789abcdef'
const SERVICE_ROLE_KEY = 'service-role-key-that-must-never-be-seen-0123456789'

/**
 * Supabase's REST API as the hosted record calls it (`rpc/claim_github_sign_in` as the service
 * role), deciding as the migration's SQL function does: a state or code seen before and not yet
 * past its state's expiry is refused. What the SQL itself does is tested on the embedded
 * database (tests/unit/server/sign-in-uses.test.ts).
 */
interface FakeRecord {
  url: string
  calls: Record<string, string>[]
  /** Answer 500 from now on, as a database that is down. */
  down: boolean
  close(): Promise<void>
}

function startFakeRecord(): FakeRecord {
  const rows: { state: string; code: string; expires: number }[] = []
  const record: FakeRecord = {
    url: '',
    calls: [],
    down: false,
    close: () => server.shutdown(),
  }
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname
    if (
      request.method !== 'POST' ||
      path !== `/rest/v1/rpc/${CLAIM_SIGN_IN_FUNCTION}` ||
      request.headers.get('apikey') !== SERVICE_ROLE_KEY ||
      request.headers.get('authorization') !== `Bearer ${SERVICE_ROLE_KEY}`
    )
      return Response.json({ message: 'not the service role' }, { status: 401 })
    const args = (await request.json()) as Record<string, string>
    record.calls.push(args)
    if (record.down) return Response.json({ message: 'down' }, { status: 500 })
    const now = Date.parse(args.p_now!)
    for (let index = rows.length - 1; index >= 0; index--)
      if (rows[index]!.expires <= now) rows.splice(index, 1)
    const seen = rows.some(
      (row) => row.state === args.p_state_digest || row.code === args.p_code_digest,
    )
    if (!seen)
      rows.push({
        state: args.p_state_digest!,
        code: args.p_code_digest!,
        expires: Date.parse(args.p_expires_at!),
      })
    return Response.json(!seen)
  })
  record.url = `http://127.0.0.1:${server.addr.port}`
  return record
}

interface Answer {
  status: number
  headers: Headers
  body: string
}

interface Exchange {
  base: string
  github: FakeGitHubOAuth
  /** Where the exchange records the sign-ins it traded. */
  record: FakeRecord
  /** Every answer the exchange gave. */
  answers: Answer[]
  /** Every console line written while the exchange ran. */
  logs: string[]
  /** Moves the exchange's clock on. */
  advance(seconds: number): void
  get(url: string): Promise<Answer>
  /** The callback page's trade, from `origin` (the site by default). */
  trade(body: unknown, origin?: string): Promise<Answer>
  close(): Promise<void>
}

async function startExchange(env: Record<string, string> = {}): Promise<Exchange> {
  const github = await startFakeGitHubOAuth()
  const config: OAuthConfig = oauthConfigFromEnv(
    (name) =>
      ({
        CMS_GITHUB_CLIENT_ID: CLIENT_ID,
        CMS_GITHUB_CLIENT_SECRET: CLIENT_SECRET,
        CMS_OAUTH_STATE_KEY: STATE_KEY,
        ALLOWED_ORIGINS: `${SITE}, https://other-site.example`,
        CMS_GITHUB_OAUTH_URL: github.origin,
        ...env,
      })[name],
    'hosted',
  )
  let now = Date.parse('2026-12-01T10:00:00Z')
  const logs: string[] = []
  const kept = { ...console }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
    console[level] = (...parts: unknown[]) => logs.push(parts.map(String).join(' '))
  const record = startFakeRecord()
  const handle = await createOAuthHandler({
    config,
    uses: restSignInUses({ supabaseUrl: record.url, serviceRoleKey: SERVICE_ROLE_KEY }),
    clock: () => new Date(now),
  })
  const answers: Answer[] = []
  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, async (request) => {
    const response = await handle(request)
    const copy = response.clone()
    answers.push({ status: copy.status, headers: copy.headers, body: await copy.text() })
    return response
  })
  const base = `http://127.0.0.1:${server.addr.port}${GITHUB_OAUTH_FUNCTION_PATH}`
  github.registerApp({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    callbackUrl: `${base}/callback`,
  })
  return {
    base,
    github,
    record,
    answers,
    logs,
    advance: (seconds) => void (now += seconds * 1000),
    async get(url) {
      const response = await fetch(url, { redirect: 'manual' })
      return { status: response.status, headers: response.headers, body: await response.text() }
    },
    async trade(body, origin = SITE) {
      const response = await postTrade(base, origin, body)
      return { status: response.status, headers: response.headers, body: await response.text() }
    },
    async close() {
      Object.assign(console, kept)
      await server.shutdown()
      await record.close()
      await github.close()
    },
  }
}

/**
 * An exchange started with `env` over the test's settings, handed to `run` and closed after it,
 * whether it passed or threw: a failed assertion leaves no server running and no console taken.
 */
async function withExchange<T>(
  env: Record<string, string>,
  run: (exchange: Exchange) => Promise<T>,
): Promise<T> {
  const exchange = await startExchange(env)
  try {
    return await run(exchange)
  } finally {
    await exchange.close()
  }
}

/** A test on an exchange of its own, with the test's settings. */
const exchangeTest = (name: string, run: (exchange: Exchange) => Promise<void>) =>
  Deno.test(name, () => withExchange({}, run))

/** auth → GitHub's authorize page → the exchange's …/callback, GitHub's code and state in it. */
async function toCallback(
  exchange: Exchange,
  options: { origin?: string; base?: string } = {},
): Promise<{ back: string; secret: string }> {
  const start = await signInStart(exchange.base, { origin: SITE, ...options })
  const toGitHub = await exchange.get(start.url)
  assert.equal(toGitHub.status, 302, toGitHub.body)
  const authorize = new URL(toGitHub.headers.get('location')!)
  assert.equal(
    authorize.origin + authorize.pathname,
    `${exchange.github.origin}/login/oauth/authorize`,
  )
  const back = await exchange.get(authorize.href)
  assert.equal(back.status, 302)
  return { back: back.headers.get('location')!, secret: start.secret }
}

/** The site's callback page the exchange's …/callback sent the browser to, with its fragment. */
function landing(answer: Answer, page = `${SITE}/admin/callback`): string {
  assert.equal(answer.status, 302, answer.body)
  const location = new URL(answer.headers.get('location')!)
  assert.equal(location.origin + location.pathname, page)
  assert.equal(location.search, '', 'nothing in the query, which servers log')
  return location.href
}

/** The whole walk up to the trade the callback page would post. */
async function toTrade(exchange: Exchange): Promise<TradeRequest> {
  const { back, secret } = await toCallback(exchange)
  return tradeOf(landing(await exchange.get(back)), secret)
}

const tokenRequests = (exchange: Exchange) =>
  exchange.github.requests.filter((request) => request.url === '/login/oauth/access_token')

/** No answer and no log line holds a secret; the token is only ever in a trade's body. */
function assertNothingLeaked(exchange: Exchange) {
  assert.ok(exchange.answers.length > 0)
  for (const answer of exchange.answers) {
    assert.equal(answer.headers.get('cache-control'), 'no-store')
    const headers = [...answer.headers].map(([name, value]) => `${name}: ${value}`).join('\n')
    const text = `${headers}\n${answer.body}`
    assert.ok(!text.includes(CLIENT_SECRET), 'the client secret is in an answer')
    assert.ok(!text.includes(STATE_KEY), 'the state key is in an answer')
    assert.ok(!text.includes(SERVICE_ROLE_KEY), 'the service role key is in an answer')
    assert.ok(!headers.includes(exchange.github.token), 'the token is in a header')
    if (answer.body.includes(exchange.github.token))
      assert.deepEqual(JSON.parse(answer.body), { token: exchange.github.token })
  }
  const logged = exchange.logs.join('\n')
  for (const secret of [CLIENT_SECRET, STATE_KEY, SERVICE_ROLE_KEY, exchange.github.token])
    assert.ok(!logged.includes(secret), `a log line holds ${secret.slice(0, 8)}…`)
}

/** A refusal: the status, and the body naming why (with GitHub's own error when it gave one). */
function assertRefused(answer: Answer, status: number, body: { error: string; github?: string }) {
  assert.equal(answer.status, status)
  assert.deepEqual(JSON.parse(answer.body), body)
}

exchangeTest(
  'signs in: auth → GitHub → callback → the site’s page with code and state → the token in a POST’s answer',
  async (exchange) => {
    const { url, secret } = await signInStart(exchange.base, { origin: SITE })
    const authorize = new URL((await exchange.get(url)).headers.get('location')!)
    assert.equal(authorize.searchParams.get('client_id'), CLIENT_ID)
    // A GitHub App's permissions decide the token's reach: no scope is asked for.
    assert.equal(authorize.searchParams.get('scope'), null)
    assert.ok(authorize.searchParams.get('state'), 'a state')
    assert.ok(!authorize.href.includes(CLIENT_SECRET))
    assert.ok(!authorize.href.includes(secret), 'the secret never leaves the page')

    const back = (await exchange.get(authorize.href)).headers.get('location')!
    const page = landing(await exchange.get(back))
    // No code is traded until the page that holds the secret posts it.
    assert.equal(tokenRequests(exchange).length, 0)
    const answer = await exchange.trade(tradeOf(page, secret))
    assert.equal(answer.status, 200)
    assert.deepEqual(JSON.parse(answer.body), { token: exchange.github.token })
    assert.equal(answer.headers.get('access-control-allow-origin'), SITE)
    // GitHub answered an 8-hour token and a refresh token; only the token goes on.
    const [granted] = tokenRequests(exchange)
    const github = granted!.response as Record<string, unknown>
    assert.equal(github.expires_in, 28_800)
    assert.match(String(github.refresh_token), /^ghr_/)
    assert.ok(!answer.body.includes(String(github.refresh_token)))
    assert.ok(!exchange.logs.join('\n').includes(String(github.refresh_token)))

    // The client secret went to GitHub's token endpoint, once, with the code GitHub issued.
    const [trade] = tokenRequests(exchange)
    assert.equal(tokenRequests(exchange).length, 1)
    assert.equal(trade!.body!.client_secret, CLIENT_SECRET)
    assert.equal(trade!.body!.client_id, CLIENT_ID)
    assert.ok(exchange.logs.some((line) => line.includes('oauth.signed_in')))
    assertNothingLeaked(exchange)
  },
)

exchangeTest('sends the code to the callback page under the site’s base path', async (exchange) => {
  const { back } = await toCallback(exchange, { base: '/site/pr-12/' })
  landing(await exchange.get(back), `${SITE}/site/pr-12/admin/callback`)
  for (const base of ['', 'site/', '/site', '/../', '/a//b/', '//evil.example/']) {
    const start = await signInStart(exchange.base, { origin: SITE, base })
    const answer = await exchange.get(start.url)
    assert.equal(answer.status, 400, base)
    assert.match(answer.body, /did not start from this site's sign-in page/)
  }
  assertNothingLeaked(exchange)
})

exchangeTest(
  'refuses a code and state traded by another window (login CSRF): the secret is not its own',
  async (exchange) => {
    // An attacker's sign-in, stopped at the callback page, steered into the writer's window,
    // which holds its own secret, or none.
    const attackers = await toTrade(exchange)
    const writers = await toCallback(exchange)
    for (const secret of [writers.secret, '', 'not-a-secret']) {
      const answer = await exchange.trade({ ...attackers, secret })
      assertRefused(answer, 403, { error: 'other_browser' })
    }
    // A trade from another listed site, or from no site at all.
    const elsewhere = await exchange.trade(attackers, 'https://other-site.example')
    assertRefused(elsewhere, 403, { error: 'not_this_site' })
    for (const origin of ['https://evil.example', 'null']) {
      const answer = await exchange.trade(attackers, origin)
      assert.equal(answer.status, 403)
      assert.equal(answer.headers.get('access-control-allow-origin'), null)
      assert.match(answer.body, /Only this site's editor may finish a sign-in here/)
    }
    assert.equal(tokenRequests(exchange).length, 0, 'no code was traded')
    assertNothingLeaked(exchange)
  },
)

exchangeTest('refuses a replayed trade: GitHub’s code works once', async (exchange) => {
  const trade = await toTrade(exchange)
  assert.equal((await exchange.trade(trade)).status, 200)
  const again = await exchange.trade(trade)
  assertRefused(again, 400, { error: 'used' })
  assertNothingLeaked(exchange)
})

exchangeTest(
  'single-use on the server: the same trade twice, and the same state with a new code, against a GitHub that would take both',
  async (exchange) => {
    exchange.github.codesWorkOnce = false
    const { back, secret } = await toCallback(exchange)
    const trade = tradeOf(landing(await exchange.get(back)), secret)
    assert.equal((await exchange.trade(trade)).status, 200)
    // The same code, state and secret again: GitHub would trade it; the record refuses it.
    const again = await exchange.trade(trade)
    assertRefused(again, 400, { error: 'used' })
    // The same state, with a new code GitHub hands out for it.
    const authorize = exchange.github.requests.find((r) =>
      r.url.startsWith('/login/oauth/authorize'),
    )!
    const newBack = await exchange.get(`${exchange.github.origin}${authorize.url}`)
    const newTrade = tradeOf(landing(await exchange.get(newBack.headers.get('location')!)), secret)
    assert.notEqual(newTrade.code, trade.code)
    assert.equal(newTrade.state, trade.state)
    const newCode = await exchange.trade(newTrade)
    assertRefused(newCode, 400, { error: 'used' })
    // GitHub was asked once: both refusals came from the exchange's record.
    assert.equal(tokenRequests(exchange).length, 1)
    // What the record holds: digests, never the code or the state; kept for the state's life.
    for (const call of exchange.record.calls) {
      assert.ok(!Object.values(call).includes(trade.code))
      assert.ok(!Object.values(call).includes(trade.state))
    }
    const [first] = exchange.record.calls
    assert.equal(Date.parse(first!.p_expires_at!) - Date.parse(first!.p_now!), 600_000)
    assertNothingLeaked(exchange)
  },
)

exchangeTest('trades nothing when the record cannot be written', async (exchange) => {
  const trade = await toTrade(exchange)
  exchange.record.down = true
  const answer = await exchange.trade(trade)
  assertRefused(answer, 503, { error: 'unavailable' })
  assert.equal(tokenRequests(exchange).length, 0)
  assert.ok(exchange.logs.some((line) => line.includes('oauth.record_unavailable')))
  assertNothingLeaked(exchange)
})

exchangeTest(
  'refuses a state it did not sign, in plain words, and asks GitHub for nothing',
  async (exchange) => {
    const back = new URL((await toCallback(exchange)).back)
    const state = back.searchParams.get('state')!
    const [payload] = state.split('.')
    // A state signed with another key; then one with no signature at all.
    const otherState = await withExchange(
      { CMS_OAUTH_STATE_KEY: 'another-key-another-key-another-key-0000' },
      async (other) =>
        new URL(
          (await other.get((await signInStart(other.base, { origin: SITE })).url)).headers.get(
            'location',
          )!,
        ).searchParams.get('state')!,
    )
    for (const forged of [otherState, `${payload}.`, 'nonsense', '']) {
      back.searchParams.set('state', forged)
      const answer = await exchange.get(back.href)
      assert.equal(answer.status, 400)
      assert.match(answer.headers.get('content-type')!, /^text\/plain; charset=utf-8/)
      assert.match(answer.body, /not made by this site's sign-in, so it was refused/)
      assert.equal(answer.headers.get('location'), null)
      const traded = await exchange.trade({ code: 'a-code', state: forged, secret: 'x' })
      assertRefused(traded, 400, { error: 'not_this_site' })
    }
    // GitHub's redirect with no state at all (what the deploy's probe sends).
    back.searchParams.delete('state')
    assert.equal((await exchange.get(back.href)).status, 400)
    assert.equal(tokenRequests(exchange).length, 0)
    assertNothingLeaked(exchange)
  },
)

exchangeTest(
  'refuses an expired state: more than 10 minutes from the Login button',
  async (exchange) => {
    const { back, secret } = await toCallback(exchange)
    const trade = tradeOf(landing(await exchange.get(back)), secret)
    exchange.advance(601)
    const answer = await exchange.get(back)
    assert.equal(answer.status, 400)
    assert.match(answer.body, /took more than 10 minutes/)
    const traded = await exchange.trade(trade)
    assertRefused(traded, 400, { error: 'expired' })
    assert.equal(tokenRequests(exchange).length, 0)
    assertNothingLeaked(exchange)
  },
)

exchangeTest(
  'refuses an origin that is not the site’s, before GitHub is involved',
  async (exchange) => {
    for (const origin of ['https://evil.example', `${SITE}.evil.example`, '', 'null']) {
      const answer = await exchange.get((await signInStart(exchange.base, { origin })).url)
      assert.equal(answer.status, 403)
      assert.match(answer.body, /is not one of this site's addresses/)
      assert.equal(answer.headers.get('location'), null)
    }
    // An origin dropped from the list after the sign-in started gets no code and no token.
    const { back, secret } = await toCallback(exchange)
    const trade = tradeOf(landing(await exchange.get(back)), secret)
    await withExchange({ ALLOWED_ORIGINS: 'https://other-site.example' }, async (narrowed) => {
      const answer = await narrowed.get(back.replace(exchange.base, narrowed.base))
      assert.equal(answer.status, 403)
      assert.match(answer.body, /no longer one of this site's addresses/)
      assert.equal((await postTrade(narrowed.base, SITE, trade)).status, 403)
      assertNothingLeaked(narrowed)
    })
    assert.equal(
      exchange.github.requests.filter((r) => r.url.startsWith('/login/oauth/authorize')).length,
      1,
    )
    assertNothingLeaked(exchange)
  },
)

exchangeTest(
  'a writer who cancels on GitHub lands on the site’s page with access_denied',
  async (exchange) => {
    exchange.github.writerChoice = 'cancel'
    const page = landing(await exchange.get((await toCallback(exchange)).back))
    assert.deepEqual(readSignInFragment(new URL(page).hash), {
      kind: 'error',
      error: 'access_denied',
    })
    assert.equal(tokenRequests(exchange).length, 0)
    assertNothingLeaked(exchange)
  },
)

Deno.test('an error from GitHub’s token endpoint is the trade’s answer, with GitHub’s code', () =>
  // A wrong client secret is GitHub's incorrect_client_credentials.
  withExchange({ CMS_GITHUB_CLIENT_SECRET: 'not-the-apps-secret' }, async (wrongSecret) => {
    const answer = await wrongSecret.trade(await toTrade(wrongSecret))
    assertRefused(answer, 502, {
      error: 'github_refused',
      github: 'incorrect_client_credentials',
    })
    assertNothingLeaked(wrongSecret)
  }),
)

exchangeTest(
  'refuses a token that never expires (an OAuth app’s), and hands it to no one',
  async (exchange) => {
    exchange.github.kind = 'oauth-app'
    const answer = await exchange.trade(await toTrade(exchange))
    assertRefused(answer, 502, { error: 'long_lived' })
    assert.ok(!answer.body.includes(exchange.github.token.slice(4)))
    assertNothingLeaked(exchange)
  },
)

exchangeTest(
  'GitHub unreachable at the token step is the trade’s github_unreachable',
  async (exchange) => {
    const trade = await toTrade(exchange)
    await exchange.github.close()
    const answer = await exchange.trade(trade)
    assertRefused(answer, 502, { error: 'github_unreachable' })
    assertNothingLeaked(exchange)
  },
)

exchangeTest(
  'answers GET on …/auth and …/callback, POST and its preflight on …/token, and passes no scope on',
  async (exchange) => {
    const posted = await fetch(`${exchange.base}/auth`, { method: 'POST' })
    assert.equal(posted.status, 405)
    assert.equal(posted.headers.get('allow'), 'GET')
    await posted.body?.cancel()
    const got = await exchange.get(`${exchange.base}/token`)
    assert.equal(got.status, 405)
    const preflight = await fetch(`${exchange.base}/token`, {
      method: 'OPTIONS',
      headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST' },
    })
    assert.equal(preflight.status, 204)
    assert.equal(preflight.headers.get('access-control-allow-origin'), SITE)
    await preflight.body?.cancel()
    assert.equal((await exchange.get(`${exchange.base}/elsewhere`)).status, 404)
    // A scope the editor asks for (Decap's repo, or more) is not passed on to GitHub.
    for (const scope of ['repo', 'repo,admin:org']) {
      const asked = await exchange.get(
        (await signInStart(exchange.base, { origin: SITE, scope })).url,
      )
      assert.equal(asked.status, 302)
      assert.equal(new URL(asked.headers.get('location')!).searchParams.get('scope'), null)
    }
    const other = await exchange.get(
      `${exchange.base}/auth?${new URLSearchParams({ provider: 'gitlab', origin: SITE })}`,
    )
    assert.equal(other.status, 400)
    // A trade that is not JSON, or too large.
    const asForm = await fetch(`${exchange.base}/token`, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'text/plain' },
      body: 'code=x',
    })
    assert.equal(asForm.status, 415)
    await asForm.body?.cancel()
    assert.equal((await exchange.trade({ code: 'x'.repeat(5000) })).status, 413)
    assertNothingLeaked(exchange)
  },
)

Deno.test('will not start without every setting, named at once, or with a short state key', () => {
  assert.throws(
    () => oauthConfigFromEnv(() => undefined, 'hosted'),
    /^Error: CMS_GITHUB_CLIENT_ID, CMS_GITHUB_CLIENT_SECRET, CMS_OAUTH_STATE_KEY, ALLOWED_ORIGINS not set$/,
  )
  const env: Record<string, string> = {
    CMS_GITHUB_CLIENT_ID: CLIENT_ID,
    CMS_GITHUB_CLIENT_SECRET: CLIENT_SECRET,
    CMS_OAUTH_STATE_KEY: STATE_KEY,
    ALLOWED_ORIGINS: ' , ',
  }
  // An empty list is no list: the exchange fails closed, locally too.
  for (const mode of ['hosted', 'local'] as const)
    assert.throws(
      () => oauthConfigFromEnv((name) => env[name], mode),
      /^Error: ALLOWED_ORIGINS not set$/,
    )
  env.ALLOWED_ORIGINS = 'http://localhost:3000'
  assert.throws(() => oauthConfigFromEnv((name) => env[name], 'hosted'), /is http, which only/)
  assert.deepEqual(oauthConfigFromEnv((name) => env[name], 'local').allowedOrigins, [
    'http://localhost:3000',
  ])
  // Not an exact origin: refused at start with a sentence, in both modes (" / " was once no
  // entry, so the local defaults; the wildcard a literal host).
  for (const [value, problem] of [
    [' / ', /"\/" is not an address/],
    ['https://*.site.example', /a wildcard matches no browser/],
    [`${SITE}/`, /with no path or trailing slash/],
  ] as const) {
    env.ALLOWED_ORIGINS = value
    for (const mode of ['hosted', 'local'] as const)
      assert.throws(() => oauthConfigFromEnv((name) => env[name], mode), problem)
  }
  env.ALLOWED_ORIGINS = 'http://localhost:3000'
  env.CMS_OAUTH_STATE_KEY = 'short'
  assert.throws(() => oauthConfigFromEnv((name) => env[name], 'local'), /at least 32 characters/)
})

exchangeTest(
  'refuses a chunked trade past its limit while it arrives, and reads no more',
  async (exchange) => {
    // A body with no Content-Length that drips in, a kilobyte a millisecond, up to half a megabyte.
    const chunk = new TextEncoder().encode('x'.repeat(1024))
    let sent = 0
    let finished = false
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 1))
        if (sent >= 512 * 1024) {
          finished = true
          controller.close()
          return
        }
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const answer = await fetch(`${exchange.base}/token`, {
      method: 'POST',
      headers: { Origin: SITE, 'Content-Type': 'application/json' },
      body,
    })
    const sentWhenAnswered = sent
    await answer.body?.cancel()
    assert.equal(answer.status, 413)
    assert.equal(finished, false, 'answered only once the whole body was sent')
    assert.ok(sentWhenAnswered > TRADE_BODY_LIMIT - chunk.byteLength, `${sentWhenAnswered} sent`)
    assert.ok(sentWhenAnswered < 128 * 1024, `answered after ${sentWhenAnswered} bytes`)
    assert.equal(tokenRequests(exchange).length, 0)
  },
)
