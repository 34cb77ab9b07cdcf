// The editor's sign-in in a browser, end to end on 127.0.0.1: the site's two sign-in pages
// (admin/sign-in.html, admin/callback.html) built by Vite and served as Cloudflare serves them
// (`/admin/callback` answers admin/callback.html), the github-oauth function's handler on Node,
// the fake github.com (../fake-github/oauth.ts), and Decap's own authenticator as the opener
// (./sign-in-opener.ts): its popup walks the whole way and its handshake gets the token.
import { test, expect } from '@playwright/test'
import { getRequestListener } from '@hono/node-server'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { listenOnLoopback, type LoopbackServer } from '../../server/listen-on-loopback.ts'
import { oauthConfigFromEnv } from '../../supabase/functions/github-oauth/config.ts'
import { createOAuthHandler } from '../../supabase/functions/github-oauth/handler.ts'
import {
  GITHUB_OAUTH_FUNCTION_PATH,
  SIGN_IN_ERRORS,
} from '../../supabase/functions/_shared/github-sign-in.ts'
import { startFakeGitHubOAuth, type FakeGitHubOAuth } from '../fake-github/oauth.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const CLIENT = { clientId: 'Iv1.test-app', clientSecret: 'test-app-secret' }

let folder: string
let site: LoopbackServer
let exchange: LoopbackServer
let github: FakeGitHubOAuth

test.beforeAll(async () => {
  test.setTimeout(120_000)
  folder = await mkdtemp(path.join(tmpdir(), 'editor-sign-in-'))
  // The site: files of the build, `/x` answered by `x.html` (Workers static assets' html_handling).
  site = await listenOnLoopback(
    createServer((req, res) => {
      const pathname = new URL(req.url!, 'http://site').pathname
      const file = path.join(folder, pathname.endsWith('.js') ? pathname : `${pathname}.html`)
      readFile(file).then(
        (body) => {
          res.writeHead(200, {
            'Content-Type': file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8',
          })
          res.end(body)
        },
        () => {
          res.writeHead(404)
          res.end()
        },
      )
    }),
  )
  github = await startFakeGitHubOAuth()
  const handle = await createOAuthHandler({
    config: oauthConfigFromEnv(
      (name) =>
        ({
          CMS_GITHUB_CLIENT_ID: CLIENT.clientId,
          CMS_GITHUB_CLIENT_SECRET: CLIENT.clientSecret,
          CMS_OAUTH_STATE_KEY: 'a-state-key-for-this-test-only-0123456789',
          ALLOWED_ORIGINS: site.origin,
          CMS_GITHUB_OAUTH_URL: github.origin,
        })[name],
    ),
    log: () => {},
  })
  exchange = await listenOnLoopback(createServer(getRequestListener(handle)))
  github.registerApp({
    ...CLIENT,
    callbackUrl: `${exchange.origin}${GITHUB_OAUTH_FUNCTION_PATH}/callback`,
  })
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    base: '/',
    // The production build's setting: the Supabase project the pages call.
    define: { 'import.meta.env.VITE_SUPABASE_URL': JSON.stringify(exchange.origin) },
    build: {
      outDir: folder,
      emptyOutDir: false,
      assetsDir: 'assets',
      rollupOptions: {
        input: ['admin/sign-in.html', 'admin/callback.html', 'tests/dev/sign-in-opener.html'].map(
          (file) => path.join(ROOT, file),
        ),
      },
    },
  })
})

test.afterAll(async () => {
  await Promise.all([site?.close(), exchange?.close(), github?.close()])
  if (folder) await rm(folder, { recursive: true, force: true })
})

async function signIn(page: import('@playwright/test').Page) {
  await page.goto(`${site.origin}/tests/dev/sign-in-opener`)
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Login with GitHub' }).click()
  // Decap closes the popup once its handshake has the answer.
  await (await popup).waitForEvent('close')
  return JSON.parse((await page.locator('output').textContent())!) as Record<string, string>
}

test('Decap’s popup signs in through the exchange and its handshake gets the token', async ({
  page,
}) => {
  github.writerChoice = 'approve'
  expect(await signIn(page)).toEqual({ token: github.token, provider: 'github' })
  expect(github.requests.map((request) => `${request.method} ${request.status}`)).toEqual([
    'GET 302',
    'POST 200',
  ])
})

test('a writer who cancels on GitHub sees why in the editor', async ({ page }) => {
  github.writerChoice = 'cancel'
  expect(await signIn(page)).toEqual({ error: SIGN_IN_ERRORS.access_denied })
})

test('opened by no editor, the callback page says what to do and drops the token', async ({
  page,
}) => {
  await page.goto(`${site.origin}/admin/callback#token=gho_leaked&provider=github`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signing in to the editor')
  await expect(page.getByRole('status')).toContainText(
    'this window was not opened by the editor, so nothing was handed over',
  )
  expect(new URL(page.url()).hash).toBe('')
  await page.goto(`${site.origin}/admin/callback`)
  await expect(page.getByRole('status')).toContainText('there is no sign-in to finish')
})

test('the callback page hands nothing to an opener of another origin', async ({ page }) => {
  // The exchange's origin stands in for another site: it opens the callback page itself.
  await page.goto(`${exchange.origin}/elsewhere`)
  await page.evaluate(() => {
    ;(window as unknown as { got: unknown[] }).got = []
    window.addEventListener('message', (event) =>
      (window as unknown as { got: unknown[] }).got.push(event.data),
    )
  })
  const popup = page.waitForEvent('popup')
  await page.evaluate(
    (url) => window.open(url),
    `${site.origin}/admin/callback#token=gho_secret&provider=github`,
  )
  await expect((await popup).getByRole('status')).toContainText('did not answer', {
    timeout: 20_000,
  })
  expect(await page.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([])
})
