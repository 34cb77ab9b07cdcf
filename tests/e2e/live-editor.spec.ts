// The editor on the built site (/admin/, built by builder/admin/editor-build.ts): its own headers
// as the build's rules give them, kept out of search engines, and its sign-in shown with no
// content-security-policy violation and no console error, with the site's name and wordmark,
// axe-clean like the public pages. A build without the GitHub settings gets its config.json
// made with sample ones (measure/lib/editor-config.ts), so the sign-in shows as on the live site.
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { headersFor } from '../../server/headers.ts'
import { readBuiltHeaderRules } from '../../server/headers.ts'
import { editorConfigAnswer } from '../../measure/lib/editor-config.ts'
import { timeLimit } from '../harness/time-limit.ts'
import { clientDir } from './built-site.ts'
import { readFile } from 'node:fs/promises'
import { parse } from 'yaml'
import { expectNoAxeViolations, fetchText, listenForCspViolations } from './helpers.ts'

test('the editor loads with its own headers, noindex, and shows the sign-in', async ({
  page,
  request,
}) => {
  const expected = headersFor(readBuiltHeaderRules(path.dirname(clientDir)), '/admin/')
  const config = await editorConfigAnswer(clientDir)
  if (!config.built)
    await page.route('**/admin/config.json', (route) =>
      route.fulfill({ body: config.body, contentType: 'application/json' }),
    )
  const cspViolations = await listenForCspViolations(page)
  // Decap reports a configuration it cannot use ("⛔ The Field title is missing…") as an error.
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })

  const response = await page.goto('/admin/')
  const headers = response!.headers()
  expect(headers['content-security-policy']).toBe(expected['Content-Security-Policy'])
  expect(headers['content-security-policy']).toContain("connect-src 'self'")
  expect(headers['x-robots-tag']).toBe('noindex')
  expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  // Decap's 3.4 MB script, run and drawn: about 2 s here on a busy machine.
  await expect(page.getByRole('button', { name: 'Login with GitHub' })).toBeVisible({
    timeout: timeLimit(10_000),
  })
  expect(await cspViolations()).toEqual([])
  expect(consoleErrors).toEqual([])

  // The site's name heads the page (for assistive technology) and is in its wordmark, which
  // stands where Decap's own logo was.
  const { name } = parse(await readFile('content/site.yaml', 'utf8')) as { name: string }
  await expect(page).toHaveTitle(`${name}: content editor`)
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
    `${name}: content editor`,
  )
  const logo = page.getByRole('main').getByRole('img', { name: 'Logo' })
  expect(decodeURIComponent((await logo.getAttribute('src')) ?? '')).toContain(`>${name}</text>`)
  await expectNoAxeViolations(page)

  // Nothing public points at it.
  for (const file of ['/sitemap.xml', '/rss.xml'])
    expect(await fetchText(request, file), file).not.toContain('/admin')
})
