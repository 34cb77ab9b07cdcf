// The build gives static hosts the same rules the local server applies: the route guard's
// redirects and the security headers, side by side in one vercel.json.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { collectConsole } from './helpers.ts'
import { answerAsHostWithoutRules, clientDir } from './built-site.ts'

test('dist/client carries _redirects, _headers and a vercel.json with both', async () => {
  const vercel = JSON.parse(await readFile(path.join(clientDir, 'vercel.json'), 'utf8'))
  expect(vercel.headers.length).toBeGreaterThan(0)
  expect(vercel.redirects.length).toBeGreaterThan(20)
  expect(await readFile(path.join(clientDir, '_redirects'), 'utf8')).toContain(
    '/l.php /?redirected_from=/l.php 302',
  )
  expect(await readFile(path.join(clientDir, '_headers'), 'utf8')).toContain(
    'Content-Security-Policy',
  )
})

test('the local server never serves the hosting files themselves', async ({ request }) => {
  for (const file of ['/_redirects', '/_headers', '/vercel.json'])
    expect((await request.get(file)).status(), file).toBe(404)
})

// The spec asks for the prefix redirect to be logged: the page a visitor lands on says in its
// console which address was redirected, and the note leaves the address bar.
const landingNotice = 'Route guard: /process/unknown-step does not exist; redirected to /process'

test('a redirect by the server is named in the console of the page it lands on', async ({
  page,
}) => {
  const warnings = collectConsole(page, 'warning')
  await page.goto('/process/unknown-step')
  await expect.poll(() => warnings).toContain(landingNotice)
  await expect(page).toHaveURL(/\/process$/)
})

test('a redirect by the not-found page (a host without rules) is named there too', async ({
  page,
}) => {
  // A static host with no redirect rules answers every unknown address with 404.html.
  await answerAsHostWithoutRules(page, '**/process/unknown-step')
  const warnings = collectConsole(page, 'warning')
  await page.goto('/process/unknown-step')
  await expect(page).toHaveURL(/\/process$/)
  await expect.poll(() => warnings).toContain(landingNotice)
})
