// The github-oauth function as the local server mounts it (server/functions.ts, behind
// server/http-edge.ts with the site's security headers, as `npm start` has it): with its settings
// a sign-in walks from …/auth through the fake github.com (../../fake-github/oauth.ts) back to
// the site's callback page with the token, in answers that keep the popup's opener; without them
// its path answers the function's sentence saying what to set, and the site goes on.
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createFunctionsMiddleware,
  createGitHubOAuthMiddleware,
  localOrigins,
} from '../../../server/functions.ts'
import { headerRules, securityHeadersOf } from '../../../server/headers.ts'
import { createEdgeServer } from '../../../server/http-edge.ts'
import { listenOnLoopback, type LoopbackServer } from '../../../server/listen-on-loopback.ts'
import {
  editorCallbackPath,
  GITHUB_OAUTH_FUNCTION_PATH,
  TRADE_BODY_LIMIT,
} from '../../../supabase/functions/_shared/github-sign-in.ts'
import {
  postTrade,
  signInStart,
  startFakeGitHubOAuth,
  tradeOf,
  type FakeGitHubOAuth,
} from '../../fake-github/oauth.ts'

const APP = { clientId: 'Iv1.mount-test', clientSecret: 'mount-test-secret' }
const SITE_ANSWER = 'the site answers here'

let github: FakeGitHubOAuth
const servers: LoopbackServer[] = []

/** The local server's shape: edge headers, then the function, then the site (a sentence here). */
async function serve(env: (origin: string) => Record<string, string>): Promise<string> {
  const rules = headerRules({ schedulerUrl: 'https://cal.example/x' }, [])
  const listening = listenOnLoopback(
    createEdgeServer({
      securityHeaders: securityHeadersOf(rules),
      handle: async (req, res) =>
        (await mounting).middleware(req, res, () => {
          res.writeHead(200, { 'Content-Type': 'text/plain' }).end(SITE_ANSWER)
        }),
    }),
  )
  // As server/serve.ts reads it: the local origins unless the environment names others.
  const mounting = listening.then(({ origin }) =>
    createGitHubOAuthMiddleware(
      { ALLOWED_ORIGINS: localOrigins(new URL(origin).port), ...env(origin) },
      () => {},
    ),
  )
  const server = await listening
  servers.push(server)
  await mounting
  return server.origin
}

const get = (url: string) => fetch(url, { redirect: 'manual' })

/** What the server did with a body that drips in with no Content-Length and would not end soon. */
interface DrippedTrade {
  status: number
  /** Bytes of body written when the answer came. */
  sentWhenAnswered: number
  /** Whether the whole body had been sent by then. */
  endedBeforeAnswer: boolean
  connection: string | undefined
  /** The server closed the connection while the client still had body to send. */
  closedByServer: boolean
}

const DRIP_CHUNK = 1024
const DRIP_TOTAL = 1024 * 1024

/** A trade whose body comes in chunks (chunked encoding), 1 KB a millisecond, up to 1 MB. */
function dripTrade(url: string, origin: string): Promise<DrippedTrade> {
  return new Promise((resolve, reject) => {
    let sent = 0
    let ended = false
    let answered: Omit<DrippedTrade, 'closedByServer'> | undefined
    const req = httpRequest(url, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
    })
    req.on('error', () => {}) // the server cutting the rest short is what is tested
    req.on('response', (res) => {
      answered = {
        status: res.statusCode!,
        sentWhenAnswered: sent,
        endedBeforeAnswer: ended,
        connection: res.headers.connection,
      }
      res.resume()
      res.on('error', () => {})
    })
    req.on('close', () => {
      if (!answered) reject(new Error('no answer'))
      else resolve({ ...answered, closedByServer: !ended })
    })
    req.write('{"code":"')
    const drip = setInterval(() => {
      if (answered || req.destroyed) {
        clearInterval(drip)
        return
      }
      if (sent >= DRIP_TOTAL) {
        clearInterval(drip)
        ended = true
        req.end('"}')
        return
      }
      req.write('x'.repeat(DRIP_CHUNK))
      sent += DRIP_CHUNK
    }, 1)
  })
}

beforeAll(async () => {
  github = await startFakeGitHubOAuth()
})

afterAll(async () => {
  await Promise.all([github.close(), ...servers.map((server) => server.close())])
})

describe('with its settings', () => {
  let site: string

  beforeAll(async () => {
    site = await serve(() => ({
      CMS_GITHUB_CLIENT_ID: APP.clientId,
      CMS_GITHUB_CLIENT_SECRET: APP.clientSecret,
      CMS_OAUTH_STATE_KEY: 'a-state-key-for-this-test-only-0123456789',
      CMS_GITHUB_OAUTH_URL: github.origin,
    }))
    github.registerApp({ ...APP, callbackUrl: `${site}${GITHUB_OAUTH_FUNCTION_PATH}/callback` })
  })

  it('walks a sign-in from the site’s origin to its callback page, and its trade to the token', async () => {
    const origin = new URL(site).origin
    const exchange = `${site}${GITHUB_OAUTH_FUNCTION_PATH}`
    const { url, secret } = await signInStart(exchange, { origin })
    const start = await get(url)
    expect(start.status).toBe(302)
    // A step of the popup: no opener policy that would cut the way back to the editor.
    expect(start.headers.get('cross-origin-opener-policy')).toBeNull()
    const authorize = await get(start.headers.get('location')!)
    expect(authorize.status).toBe(302)
    const callback = await get(authorize.headers.get('location')!)
    expect(callback.status).toBe(302)
    expect(callback.headers.get('cross-origin-opener-policy')).toBeNull()
    expect(callback.headers.get('cache-control')).toBe('no-store')
    const location = callback.headers.get('location')!
    expect(location.split('#')[0]).toBe(`${origin}${editorCallbackPath('/')}`)
    expect(location).not.toContain(github.token)
    const traded = await postTrade(exchange, origin, tradeOf(location, secret))
    expect(traded.status).toBe(200)
    expect(traded.headers.get('cross-origin-opener-policy')).toBeNull()
    expect(await traded.json()).toEqual({ token: github.token })
  })

  it('allows the local origins by default, and no other', async () => {
    const localhost = site.replace('127.0.0.1', 'localhost')
    const from = async (origin: string) =>
      get((await signInStart(`${site}${GITHUB_OAUTH_FUNCTION_PATH}`, { origin })).url)
    expect((await from(localhost)).status).toBe(302)
    const refused = await from('https://elsewhere.example')
    expect(refused.status).toBe(403)
    expect(await refused.text()).toContain('is not one of this site')
  })

  it('is single-use on the server: a trade again, or its state with a new code, is refused whatever GitHub does', async () => {
    github.codesWorkOnce = false
    try {
      const origin = new URL(site).origin
      const exchange = `${site}${GITHUB_OAUTH_FUNCTION_PATH}`
      const { url, secret } = await signInStart(exchange, { origin })
      const authorizeAt = (await get(url)).headers.get('location')!
      const landOn = async () =>
        (await get((await get(authorizeAt)).headers.get('location')!)).headers.get('location')!
      const trade = tradeOf(await landOn(), secret)
      const traded = () =>
        github.requests.filter((request) => request.url === '/login/oauth/access_token').length
      const before = traded()
      expect((await postTrade(exchange, origin, trade)).status).toBe(200)
      const again = await postTrade(exchange, origin, trade)
      expect(again.status).toBe(400)
      expect(await again.json()).toEqual({ error: 'used' })
      // GitHub's authorize page again, with the same state: a new code for it.
      const newCode = tradeOf(await landOn(), secret)
      expect(newCode.code).not.toBe(trade.code)
      const refused = await postTrade(exchange, origin, newCode)
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({ error: 'used' })
      expect(traded() - before).toBe(1)
    } finally {
      github.codesWorkOnce = true
    }
  })

  it('refuses a trade’s body past its limit while it arrives, and reads no more of it', async () => {
    const dripped = await dripTrade(
      `${site}${GITHUB_OAUTH_FUNCTION_PATH}/token`,
      new URL(site).origin,
    )
    expect(dripped.status).toBe(413)
    expect(dripped.endedBeforeAnswer).toBe(false)
    // Answered once the limit passed, not at the end of the megabyte.
    expect(dripped.sentWhenAnswered).toBeGreaterThan(TRADE_BODY_LIMIT - DRIP_CHUNK)
    expect(dripped.sentWhenAnswered).toBeLessThan(64 * 1024)
    expect(dripped.connection).toBe('close')
    expect(dripped.closedByServer).toBe(true)
  })

  it('leaves every other address to the site', async () => {
    const answer = await get(`${site}/functions/v1/github-oauth-elsewhere`)
    expect(await answer.text()).toBe(SITE_ANSWER)
  })
})

describe('without its settings', () => {
  it('answers its path with what to set, names no value, and the site goes on', async () => {
    const site = await serve(() => ({ CMS_GITHUB_CLIENT_SECRET: 'a-secret-set-alone' }))
    const answer = await get(
      `${site}${GITHUB_OAUTH_FUNCTION_PATH}/auth?provider=github&origin=${encodeURIComponent(site)}`,
    )
    expect(answer.status).toBe(503)
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await answer.text()
    expect(text).toContain(
      "The editor's GitHub sign-in is not configured on this server (CMS_GITHUB_CLIENT_ID, CMS_OAUTH_STATE_KEY not set)",
    )
    expect(text).not.toContain('a-secret-set-alone')
    expect(await (await get(`${site}/`)).text()).toBe(SITE_ANSWER)
  })

  it('fails closed without ALLOWED_ORIGINS, naming it with the rest at once', async () => {
    const site = await serve(() => ({ ALLOWED_ORIGINS: ' ', CMS_GITHUB_CLIENT_ID: APP.clientId }))
    const answer = await get(
      (await signInStart(`${site}${GITHUB_OAUTH_FUNCTION_PATH}`, { origin: site })).url,
    )
    expect(answer.status).toBe(503)
    expect(await answer.text()).toContain(
      '(CMS_GITHUB_CLIENT_SECRET, CMS_OAUTH_STATE_KEY, ALLOWED_ORIGINS not set)',
    )
  })
})

describe('ALLOWED_ORIGINS that are not exact origins', () => {
  // What `npm start` does with them: the server does not start, and says why.
  it.each([' / ', 'https://*.site.example', 'http://localhost:3000/'])(
    'refuses %j at start with a sentence',
    async (value) => {
      await expect(
        createFunctionsMiddleware({ dataDir: 'memory://', env: { ALLOWED_ORIGINS: value } }),
      ).rejects.toThrow(/^ALLOWED_ORIGINS must list the site's https origins exactly as a browser/)
    },
  )
})
