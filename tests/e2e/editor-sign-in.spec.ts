// The editor's sign-in in a browser, end to end on 127.0.0.1 as on the live site: the built
// editor's own "Login with GitHub" (Decap's authenticator, base_url the site's origin) opens the
// popup on the site's sign-in page (admin/sign-in.html), which keeps a secret and sends it to the
// github-oauth function mounted on the site's origin as `npm start` mounts it, on to the fake
// github.com (../fake-github/oauth.ts) and back through the function to the site's callback
// page (admin/callback.html, answered at /admin/callback as Cloudflare answers it), which trades
// the code for the token in a POST's body and hands it to the editor over Decap's handshake; the
// editor then signs in to the fake GitHub with it. The token is in no address: not in the
// browser profile's own history file, in no request, response header or timing entry. A code
// and state steered into another browser, or replayed, are refused with a sentence. All of it is
// the build under test (./editor-under-test.ts): no page is built or served for this spec alone.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import {
  GITHUB_OAUTH_FUNCTION_PATH,
  SIGN_IN_ERRORS,
  SIGN_IN_STEPS,
} from '../../supabase/functions/_shared/github-sign-in.ts'
import { chromiumPath } from '../harness/chromium.ts'
import { timeLimit } from '../harness/time-limit.ts'
import { expect, test, type ServedEditor } from './editor-under-test.ts'
import { historyAddresses, keepGitHubStatusOffline, watchAddresses } from './github-sign-in.ts'

/** The handshake messages the editor's page received (`authorization:github:…`), in order. */
async function recordHandshake(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    // Once a document, however often a test asks.
    if ((window as unknown as { handshake?: string[] }).handshake) return
    const got: string[] = ((window as unknown as { handshake: string[] }).handshake = [])
    window.addEventListener('message', (event) => {
      if (typeof event.data === 'string' && event.data.startsWith('authorization:github:'))
        got.push(event.data)
    })
  })
  return () => page.evaluate(() => (window as unknown as { handshake: string[] }).handshake)
}

/**
 * Presses the editor's "Login with GitHub" and waits for the popup to close (Decap closes it
 * once its handshake has the answer); returns what the handshake handed the editor.
 */
async function signIn(page: Page, editor: ServedEditor): Promise<Record<string, string>> {
  await editor.connect(page)
  await keepGitHubStatusOffline(page)
  const handshake = await recordHandshake(page)
  await page.goto(editor.adminURL)
  const popup = page.waitForEvent('popup')
  // Once Decap's 3.4 MB script has run and drawn the page (live-editor.spec.ts times that).
  await page.getByRole('button', { name: 'Login with GitHub' }).click()
  const opened = await popup
  // The walk itself takes a second or two; where it stopped is the first thing to know.
  await opened.waitForEvent('close', { timeout: timeLimit(15_000) }).catch(async () => {
    throw new Error(
      `the sign-in popup stayed open at ${opened.url()}: ${await opened.locator('body').innerText()}`,
    )
  })
  const [answer, ...more] = (await handshake()).filter((data) => data !== 'authorizing:github')
  expect(more).toEqual([])
  const [, outcome, json] = /^authorization:github:(success|error):(.+)$/.exec(answer!)!
  const data = JSON.parse(json!) as Record<string, string>
  return outcome === 'success' ? data : { error: data.message! }
}

test('the editor’s Login button signs in through the exchange and its handshake gets the token', async ({
  page,
  editor,
  github,
  githubOAuth,
}) => {
  githubOAuth.writerChoice = 'approve'
  const before = githubOAuth.requests.length
  const seen = watchAddresses(page.context())
  expect(await signIn(page, editor)).toEqual({ token: githubOAuth.token, provider: 'github' })
  // No address the browser asked for, no header it got, and no timing entry holds the token.
  expect(seen.holding(githubOAuth.token)).toEqual([])
  expect(
    (await page.evaluate(() => performance.getEntries().map((entry) => entry.name))).filter(
      (name) => name.includes(githubOAuth.token),
    ),
  ).toEqual([])
  expect(
    githubOAuth.requests.slice(before).map((request) => `${request.method} ${request.status}`),
  ).toEqual(['GET 302', 'POST 200'])
  // The editor keeps the token and signs in to GitHub with it: the writer is in.
  await expect(page.getByRole('button', { name: 'Login with GitHub' })).toHaveCount(0)
  // Stored once GitHub has answered the editor's first calls (it shows a loader meanwhile).
  await expect
    .poll(async () =>
      JSON.parse((await page.evaluate(() => localStorage.getItem('decap-cms-user'))) ?? '{}'),
    )
    .toMatchObject({ backendName: 'github', token: githubOAuth.token })
  expect(
    github.requests.filter(
      (request) =>
        request.url === '/user' && request.authorization === `token ${githubOAuth.token}`,
    ),
  ).not.toEqual([])
})

test('a writer who cancels on GitHub sees why in the editor', async ({
  page,
  editor,
  githubOAuth,
}) => {
  githubOAuth.writerChoice = 'cancel'
  expect(await signIn(page, editor)).toEqual({ error: SIGN_IN_ERRORS.access_denied })
  await expect(page.getByText(SIGN_IN_ERRORS.access_denied, { exact: true })).toBeVisible()
})

test('opened by no editor, the callback page says what to do and drops the token', async ({
  page,
  editor,
}) => {
  await page.goto(`${editor.origin}/admin/callback#code=a-code&state=a-state`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signing in to the editor')
  await expect(page.getByRole('status')).toContainText(
    'This window was not opened by the editor, so nothing was handed over',
  )
  expect(new URL(page.url()).hash).toBe('')
  await page.goto(`${editor.origin}/admin/callback`)
  await expect(page.getByRole('status')).toContainText('there is no sign-in to finish')
})

test('the callback page hands nothing to an opener of another origin', async ({ page, editor }) => {
  // Another site opens the callback page itself, with a token in its address.
  const elsewhere = 'https://elsewhere.example/'
  await page.route(elsewhere, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Elsewhere</title>' }),
  )
  await page.goto(elsewhere)
  await page.evaluate(() => {
    ;(window as unknown as { got: unknown[] }).got = []
    window.addEventListener('message', (event) =>
      (window as unknown as { got: unknown[] }).got.push(event.data),
    )
  })
  const popup = page.waitForEvent('popup')
  await page.evaluate(
    (url) => window.open(url),
    `${editor.origin}/admin/callback#code=a-code&state=a-state`,
  )
  await expect((await popup).getByRole('status')).toContainText('did not answer', {
    timeout: timeLimit(20_000),
  })
  expect(await page.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([])
})

test('the exchange on the site refuses a forged state and an unlisted origin, each on a page that says so', async ({
  page,
  editor,
  githubOAuth,
}) => {
  const before = githubOAuth.requests.length
  const exchange = `${editor.origin}${GITHUB_OAUTH_FUNCTION_PATH}`
  // GitHub's redirect back, its state not signed by this exchange.
  const forged = await page.goto(`${exchange}/callback?code=a-code&state=made-up`)
  expect(forged!.status()).toBe(400)
  expect(forged!.headers()['cache-control']).toContain('no-store')
  await expect(page.locator('body')).toContainText(
    "This sign-in link was not made by this site's sign-in, so it was refused.",
  )
  // A sign-in started for another site's editor.
  const other = 'https://elsewhere.example'
  const unlisted = await page.goto(
    `${exchange}/auth?${new URLSearchParams({ provider: 'github', scope: 'repo', origin: other, base: '/', binding: 'b'.repeat(43) })}`,
  )
  expect(unlisted!.status()).toBe(403)
  await expect(page.locator('body')).toContainText(
    `Sign-in refused: "${other}" is not one of this site's addresses.`,
  )
  // Neither reached GitHub: no code was traded, no authorize page was asked for.
  expect(githubOAuth.requests.slice(before)).toEqual([])
})

/** The exchange's addresses on the served site: …/auth, …/callback. */
const exchangeStep = (editor: ServedEditor, step: string) =>
  `${editor.origin}${GITHUB_OAUTH_FUNCTION_PATH}/${step}`

/**
 * In `context`, a sign-in started from the site's sign-in page (which keeps that context's
 * secret) and taken through GitHub, stopped before the browser goes back: the exchange's
 * …/callback address with the code and state GitHub made for it. (A route sees the sign-in
 * page's navigation to …/auth, not the redirects after it, which are followed here.)
 */
async function codeAndStateOf(context: BrowserContext, editor: ServedEditor): Promise<string> {
  const page = await context.newPage()
  let back: string | undefined
  await page.route(
    (url) => url.href.startsWith(`${exchangeStep(editor, SIGN_IN_STEPS.start)}?`),
    async (route) => {
      const toGitHub = await route.fetch({ maxRedirects: 0 })
      const authorize = await fetch(toGitHub.headers()['location']!, { redirect: 'manual' })
      back = authorize.headers.get('location')!
      await route.fulfill({ contentType: 'text/plain', body: 'stopped here' })
    },
  )
  await page.goto(`${editor.origin}/admin/sign-in?provider=github&scope=repo`)
  await expect(page.locator('body')).toHaveText('stopped here')
  await page.close()
  expect(back).toMatch(`${exchangeStep(editor, SIGN_IN_STEPS.back)}?`)
  return back!
}

/**
 * Steers `page`'s next sign-in popup, once its sign-in page has kept its secret, straight to
 * `back` (GitHub's redirect of another sign-in), as a page that can steer the popup would.
 */
async function steerPopupTo(page: Page, editor: ServedEditor, back: string) {
  await page.context().route(
    (url) => url.href.startsWith(`${exchangeStep(editor, SIGN_IN_STEPS.start)}?`),
    (route) => route.fulfill({ status: 302, headers: { Location: back } }),
  )
}

test('a code and state made for another browser are refused, with a sentence, and traded for nothing', async ({
  page,
  browser,
  editor,
  githubOAuth,
}) => {
  githubOAuth.writerChoice = 'approve'
  // The attacker's own browser starts a sign-in (as the attacker, on GitHub) and keeps its code.
  const attacker = await browser.newContext()
  const back = await codeAndStateOf(attacker, editor)
  await attacker.close()
  const traded = githubOAuth.requests.filter((request) => request.method === 'POST').length
  // The writer's popup is steered to it (login CSRF): the writer's window holds its own secret.
  await steerPopupTo(page, editor, back)
  expect(await signIn(page, editor)).toEqual({ error: SIGN_IN_ERRORS.other_browser })
  await expect(page.getByText(SIGN_IN_ERRORS.other_browser, { exact: true })).toBeVisible()
  expect(githubOAuth.requests.filter((request) => request.method === 'POST').length).toBe(traded)
  await expect(page.getByRole('button', { name: 'Login with GitHub' })).toBeVisible()
})

test('a replayed sign-in is refused: its trade again, and its code and state in a new sign-in', async ({
  page,
  editor,
  githubOAuth,
  request,
}) => {
  githubOAuth.writerChoice = 'approve'
  const trades: { body: string; origin: string }[] = []
  page.context().on('request', (sent) => {
    if (sent.url().endsWith(`/${SIGN_IN_STEPS.trade}`) && sent.method() === 'POST')
      trades.push({ body: sent.postData() ?? '', origin: new URL(editor.origin).origin })
  })
  expect(await signIn(page, editor)).toEqual({ token: githubOAuth.token, provider: 'github' })
  const [trade] = trades
  expect(trade).toBeDefined()
  // The same POST again, secret and all, as someone who copied it would send it.
  const replayed = await request.post(`${editor.origin}${GITHUB_OAUTH_FUNCTION_PATH}/token`, {
    headers: { Origin: trade!.origin, 'Content-Type': 'application/json' },
    data: trade!.body,
  })
  expect(replayed.status()).toBe(400)
  expect(await replayed.json()).toEqual({ error: 'used' })
  // GitHub's redirect of that sign-in (the browser's history has it), opened in a new sign-in.
  const authorized = githubOAuth.requests.filter((sent) =>
    sent.location?.startsWith(exchangeStep(editor, SIGN_IN_STEPS.back)),
  )
  const back = authorized.at(-1)!.location!
  // A new editor page of the same browser, signed out (Decap keeps its user in localStorage).
  const second = await page.context().newPage()
  await second.addInitScript(() => localStorage.removeItem('decap-cms-user'))
  await steerPopupTo(second, editor, back)
  expect(await signIn(second, editor)).toEqual({ error: SIGN_IN_ERRORS.other_browser })
})

test('the token is in no entry of the browser profile’s own history', async ({
  editor,
  githubOAuth,
  launchOptions,
}) => {
  githubOAuth.writerChoice = 'approve'
  const profile = await mkdtemp(path.join(tmpdir(), 'editor-history-'))
  try {
    // The whole browser: the headless shell the other tests drive keeps no history file.
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      executablePath: chromiumPath(),
    })
    const page = context.pages()[0] ?? (await context.newPage())
    const seen = watchAddresses(context)
    expect(await signIn(page, editor)).toEqual({ token: githubOAuth.token, provider: 'github' })
    await context.close()
    const history = await historyAddresses(profile)
    // The walk is there (so the file was read), and the token in none of it.
    expect(history.some((address) => address.startsWith(editor.adminURL))).toBe(true)
    expect(history.some((address) => address.includes(`/${SIGN_IN_STEPS.back}?`))).toBe(true)
    expect(history.filter((address) => address.includes(githubOAuth.token))).toEqual([])
    expect(seen.holding(githubOAuth.token)).toEqual([])
  } finally {
    await rm(profile, { recursive: true, force: true })
  }
})
