// The editor's sign-in in a browser, end to end on 127.0.0.1 as on the live site: the built
// editor's own "Login with GitHub" (Decap's authenticator, base_url the site's origin) opens the
// popup on the site's sign-in page (admin/sign-in.html), which sends it to the github-oauth
// function mounted on the site's origin as `npm start` mounts it, on to the fake github.com
// (../fake-github/oauth.ts) and back through the function to the site's callback page
// (admin/callback.html, answered at /admin/callback as Cloudflare answers it), whose handshake
// hands the token to the editor, which then signs in to the fake GitHub with it. All of it is the
// build under test (./editor-under-test.ts): no page is built or served for this spec alone.
import type { Page } from '@playwright/test'
import {
  GITHUB_OAUTH_FUNCTION_PATH,
  SIGN_IN_ERRORS,
} from '../../supabase/functions/_shared/github-sign-in.ts'
import { timeLimit } from '../../tools/lib/time-limit.ts'
import { expect, test, type ServedEditor } from './editor-under-test.ts'
import { keepGitHubStatusOffline } from './github-sign-in.ts'

/** The handshake messages the editor's page received (`authorization:github:…`), in order. */
async function recordHandshake(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
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
  expect(await signIn(page, editor)).toEqual({ token: githubOAuth.token, provider: 'github' })
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
  await page.goto(`${editor.origin}/admin/callback#token=gho_leaked&provider=github`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signing in to the editor')
  await expect(page.getByRole('status')).toContainText(
    'this window was not opened by the editor, so nothing was handed over',
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
    `${editor.origin}/admin/callback#token=gho_secret&provider=github`,
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
    `${exchange}/auth?${new URLSearchParams({ provider: 'github', scope: 'repo', origin: other })}`,
  )
  expect(unlisted!.status()).toBe(403)
  await expect(page.locator('body')).toContainText(
    `Sign-in refused: "${other}" is not one of this site's addresses.`,
  )
  // Neither reached GitHub: no code was traded, no authorize page was asked for.
  expect(githubOAuth.requests.slice(before)).toEqual([])
})
