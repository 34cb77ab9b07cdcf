// The editor's OAuth exchange (supabase/functions/github-oauth) under Deno, the runtime Supabase
// runs it on, served by Deno.serve on 127.0.0.1 and walked like a browser walks it (redirects
// followed by hand) against the fake github.com of tests/fake-github/oauth.ts. Every answer
// of the exchange and every console line is kept, to show that none holds the client secret and
// that every answer is no-store.
import assert from 'node:assert/strict'
import {
  oauthConfigFromEnv,
  type OAuthConfig,
} from '../../supabase/functions/github-oauth/config.ts'
import { createOAuthHandler } from '../../supabase/functions/github-oauth/handler.ts'
import { GITHUB_OAUTH_FUNCTION_PATH } from '../../supabase/functions/_shared/github-sign-in.ts'
import { startFakeGitHubOAuth, type FakeGitHubOAuth } from '../fake-github/oauth.ts'

const SITE = 'https://site.example'
const CLIENT_ID = 'Iv1.client-id-of-the-app'
const CLIENT_SECRET = 'client-secret-that-must-never-be-seen-0123456789'
const STATE_KEY = 'state-key-that-must-never-be-seen-0123456789abcdef'

interface Answer {
  status: number
  headers: Headers
  body: string
}

interface Exchange {
  base: string
  github: FakeGitHubOAuth
  /** Every answer the exchange gave. */
  answers: Answer[]
  /** Every console line written while the exchange ran. */
  logs: string[]
  /** Moves the exchange's clock on. */
  advance(seconds: number): void
  get(url: string): Promise<Answer>
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
        ALLOWED_ORIGINS: `${SITE}, http://127.0.0.1:3000`,
        CMS_GITHUB_OAUTH_URL: github.origin,
        ...env,
      })[name],
  )
  let now = Date.parse('2026-12-01T10:00:00Z')
  const logs: string[] = []
  const kept = { ...console }
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
    console[level] = (...parts: unknown[]) => logs.push(parts.map(String).join(' '))
  const handle = await createOAuthHandler({ config, clock: () => new Date(now) })
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
    answers,
    logs,
    advance: (seconds) => void (now += seconds * 1000),
    async get(url) {
      const response = await fetch(url, { redirect: 'manual' })
      return { status: response.status, headers: response.headers, body: await response.text() }
    },
    async close() {
      Object.assign(console, kept)
      await server.shutdown()
      await github.close()
    },
  }
}

/** What Decap opens, by way of the site's /admin/sign-in page, which adds the site's origin. */
const authUrl = (exchange: Exchange, origin = SITE, scope = 'repo') =>
  `${exchange.base}/auth?${new URLSearchParams({ provider: 'github', site_id: 'site.example', scope, origin })}`

/** auth → GitHub's authorize page → the address GitHub sends the browser back to. */
async function toCallback(exchange: Exchange): Promise<string> {
  const toGitHub = await exchange.get(authUrl(exchange))
  assert.equal(toGitHub.status, 302)
  const authorize = new URL(toGitHub.headers.get('location')!)
  assert.equal(
    authorize.origin + authorize.pathname,
    `${exchange.github.origin}/login/oauth/authorize`,
  )
  const back = await exchange.get(authorize.href)
  assert.equal(back.status, 302)
  return back.headers.get('location')!
}

/** The fragment of the site's callback page the exchange ended on. */
function landing(answer: Answer): URLSearchParams {
  assert.equal(answer.status, 302)
  const location = new URL(answer.headers.get('location')!)
  assert.equal(location.origin + location.pathname, `${SITE}/admin/callback`)
  assert.equal(location.search, '', 'nothing in the query, which servers log')
  return new URLSearchParams(location.hash.slice(1))
}

const tokenRequests = (exchange: Exchange) =>
  exchange.github.requests.filter((request) => request.url === '/login/oauth/access_token')

/** No answer and no log line holds a secret; every answer is no-store. */
function assertNothingLeaked(exchange: Exchange) {
  assert.ok(exchange.answers.length > 0)
  for (const answer of exchange.answers) {
    assert.equal(answer.headers.get('cache-control'), 'no-store')
    const text = `${[...answer.headers].map(([name, value]) => `${name}: ${value}`).join('\n')}\n${answer.body}`
    assert.ok(!text.includes(CLIENT_SECRET), 'the client secret is in an answer')
    assert.ok(!text.includes(STATE_KEY), 'the state key is in an answer')
  }
  const logged = exchange.logs.join('\n')
  for (const secret of [CLIENT_SECRET, STATE_KEY, exchange.github.token])
    assert.ok(!logged.includes(secret), `a log line holds ${secret.slice(0, 8)}…`)
}

Deno.test(
  'signs in: auth → GitHub with a state → callback → the site’s /admin/callback#token',
  async () => {
    const exchange = await startExchange()
    try {
      const toGitHub = await exchange.get(authUrl(exchange))
      const authorize = new URL(toGitHub.headers.get('location')!)
      assert.equal(authorize.searchParams.get('client_id'), CLIENT_ID)
      assert.equal(authorize.searchParams.get('scope'), 'repo')
      assert.ok(authorize.searchParams.get('state'), 'a state')
      assert.ok(!authorize.href.includes(CLIENT_SECRET))

      const callback = await exchange.get(
        (await exchange.get(authorize.href)).headers.get('location')!,
      )
      const fragment = landing(callback)
      assert.equal(fragment.get('token'), exchange.github.token)
      assert.equal(fragment.get('provider'), 'github')

      // The secret went to GitHub's token endpoint, once, with the code GitHub issued.
      const [trade] = tokenRequests(exchange)
      assert.equal(tokenRequests(exchange).length, 1)
      assert.equal(trade!.body!.client_secret, CLIENT_SECRET)
      assert.equal(trade!.body!.client_id, CLIENT_ID)
      assert.ok(exchange.logs.some((line) => line.includes('oauth.signed_in')))
      assertNothingLeaked(exchange)
    } finally {
      await exchange.close()
    }
  },
)

Deno.test(
  'refuses a state it did not sign, in plain words, and asks GitHub for nothing',
  async () => {
    const exchange = await startExchange()
    try {
      const back = new URL(await toCallback(exchange))
      const state = back.searchParams.get('state')!
      const [payload] = state.split('.')
      // A state naming another site, signed with another key; then one with no signature at all.
      const other = await startExchange({
        CMS_OAUTH_STATE_KEY: 'another-key-another-key-another-key-0000',
      })
      const otherState = new URL(
        (await other.get(authUrl(other))).headers.get('location')!,
      ).searchParams.get('state')!
      await other.close()
      for (const forged of [otherState, `${payload}.`, 'nonsense', '']) {
        back.searchParams.set('state', forged)
        const answer = await exchange.get(back.href)
        assert.equal(answer.status, 400)
        assert.match(answer.headers.get('content-type')!, /^text\/plain; charset=utf-8/)
        assert.match(answer.body, /not made by this site's sign-in, so it was refused/)
        assert.equal(answer.headers.get('location'), null)
      }
      assert.equal(tokenRequests(exchange).length, 0)
      assertNothingLeaked(exchange)
    } finally {
      await exchange.close()
    }
  },
)

Deno.test('refuses an expired state: more than 10 minutes on GitHub’s page', async () => {
  const exchange = await startExchange()
  try {
    const back = await toCallback(exchange)
    exchange.advance(601)
    const answer = await exchange.get(back)
    assert.equal(answer.status, 400)
    assert.match(answer.body, /took more than 10 minutes/)
    assert.equal(tokenRequests(exchange).length, 0)
    assertNothingLeaked(exchange)
  } finally {
    await exchange.close()
  }
})

Deno.test('refuses an origin that is not the site’s, before GitHub is involved', async () => {
  const exchange = await startExchange()
  try {
    for (const origin of ['https://evil.example', `${SITE}.evil.example`, '', 'null']) {
      const answer = await exchange.get(authUrl(exchange, origin))
      assert.equal(answer.status, 403)
      assert.match(answer.body, /is not one of this site's addresses/)
      assert.equal(answer.headers.get('location'), null)
    }
    // An origin dropped from the list after the sign-in started gets no token either.
    const back = await toCallback(exchange)
    const narrowed = await startExchange({ ALLOWED_ORIGINS: 'http://127.0.0.1:3000' })
    const answer = await narrowed.get(back.replace(exchange.base, narrowed.base))
    assert.equal(answer.status, 403)
    assert.match(answer.body, /no longer one of this site's addresses/)
    assertNothingLeaked(narrowed)
    await narrowed.close()
    assert.equal(
      exchange.github.requests.filter((r) => r.url.startsWith('/login/oauth/authorize')).length,
      1,
    )
    assertNothingLeaked(exchange)
  } finally {
    await exchange.close()
  }
})

Deno.test(
  'a writer who cancels on GitHub lands on the site’s page with access_denied',
  async () => {
    const exchange = await startExchange()
    try {
      exchange.github.writerChoice = 'cancel'
      const fragment = landing(await exchange.get(await toCallback(exchange)))
      assert.equal(fragment.get('error'), 'access_denied')
      assert.equal(fragment.get('token'), null)
      assert.equal(tokenRequests(exchange).length, 0)
      assertNothingLeaked(exchange)
    } finally {
      await exchange.close()
    }
  },
)

Deno.test(
  'an error from GitHub’s token endpoint lands on the site’s page with GitHub’s code',
  async () => {
    const exchange = await startExchange()
    try {
      // A code works once: the same callback a second time is refused by GitHub.
      const back = await toCallback(exchange)
      assert.equal(landing(await exchange.get(back)).get('token'), exchange.github.token)
      const again = landing(await exchange.get(back))
      assert.equal(again.get('error'), 'github_refused')
      assert.equal(again.get('github'), 'bad_verification_code')
      assert.equal(again.get('token'), null)
      assertNothingLeaked(exchange)
    } finally {
      await exchange.close()
    }
    // A wrong client secret is GitHub's incorrect_client_credentials.
    const wrongSecret = await startExchange({ CMS_GITHUB_CLIENT_SECRET: 'not-the-apps-secret' })
    try {
      const fragment = landing(await wrongSecret.get(await toCallback(wrongSecret)))
      assert.equal(fragment.get('error'), 'github_refused')
      assert.equal(fragment.get('github'), 'incorrect_client_credentials')
      assertNothingLeaked(wrongSecret)
    } finally {
      await wrongSecret.close()
    }
  },
)

Deno.test(
  'GitHub unreachable at the token step lands on the site’s page with github_unreachable',
  async () => {
    const exchange = await startExchange()
    try {
      const back = await toCallback(exchange)
      await exchange.github.close()
      const fragment = landing(await exchange.get(back))
      assert.equal(fragment.get('error'), 'github_unreachable')
      assertNothingLeaked(exchange)
    } finally {
      await exchange.close()
    }
  },
)

Deno.test(
  'answers only GET on …/auth and …/callback, no-store, and asks only for repo scopes',
  async () => {
    const exchange = await startExchange()
    try {
      const posted = await fetch(`${exchange.base}/auth`, { method: 'POST' })
      assert.equal(posted.status, 405)
      await posted.body?.cancel()
      assert.equal((await exchange.get(`${exchange.base}/elsewhere`)).status, 404)
      const widened = await exchange.get(authUrl(exchange, SITE, 'repo,admin:org'))
      assert.equal(widened.status, 400)
      assert.match(widened.body, /only repo or public_repo is granted/)
      const other = await exchange.get(
        `${exchange.base}/auth?${new URLSearchParams({ provider: 'gitlab', origin: SITE })}`,
      )
      assert.equal(other.status, 400)
      assertNothingLeaked(exchange)
    } finally {
      await exchange.close()
    }
  },
)

Deno.test('will not start without its secrets, or with a short state key', () => {
  assert.throws(
    () => oauthConfigFromEnv(() => undefined),
    /CMS_GITHUB_CLIENT_ID, CMS_GITHUB_CLIENT_SECRET, CMS_OAUTH_STATE_KEY not set/,
  )
  const env: Record<string, string> = {
    CMS_GITHUB_CLIENT_ID: CLIENT_ID,
    CMS_GITHUB_CLIENT_SECRET: CLIENT_SECRET,
    CMS_OAUTH_STATE_KEY: 'short',
  }
  assert.throws(() => oauthConfigFromEnv((name) => env[name]), /at least 32 characters/)
})
