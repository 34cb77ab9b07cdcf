// A page paints once, whole: its head holds rendering until the footer is parsed
// (components/layout/Head.tsx). Without that, a slow phone painted between the parser's tasks and
// the header's buttons moved as the rest of the page came in. Here the page's end is held back on
// the wire, which makes the gap long enough to see: no paint may come before it arrives.
import { readdir, readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { SITE_FOOTER_ID } from '../../components/layout/SiteFooter.tsx'
import { isPageFile } from '../../builder/prerender/page-file.ts'
import { listenOnLoopback, type LoopbackServer } from '../../server/listen-on-loopback.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { buildRequestHandler } from '../../server/serve-build.ts'
import { clientDir } from './built-site.ts'

const HELD_PAGE = '/about'
const HOLD_MS = 1500
const expectation = `<link rel="expect" href="#${SITE_FOOTER_ID}" blocking="render"/>`
let server: LoopbackServer

test.beforeAll(async () => {
  const site = buildRequestHandler(path.dirname(clientDir), { logger: silentLogger })
  const html = await readFile(path.join(clientDir, HELD_PAGE, 'index.html'), 'utf8')
  const footerAt = html.indexOf(`<footer id="${SITE_FOOTER_ID}"`)
  expect(footerAt).toBeGreaterThan(0)
  server = await listenOnLoopback(
    createServer((req, res) => {
      if (req.url !== HELD_PAGE) {
        site(req, res)
        return
      }
      // Everything up to the footer at once, the rest after a pause.
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      res.write(html.slice(0, footerAt))
      setTimeout(() => res.end(html.slice(footerAt)), HOLD_MS)
    }),
  )
})
test.afterAll(async () => {
  await server.close()
})

test('every built page holds its first paint until its footer is parsed', async () => {
  const pages = (await readdir(clientDir, { recursive: true })).filter(isPageFile)
  expect(pages.length).toBeGreaterThan(20)
  for (const file of pages) {
    const html = await readFile(path.join(clientDir, file), 'utf8')
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head, file).toContain(expectation)
    // The footer comes after the page's content, so nothing of it paints before it is all in.
    expect(html.indexOf(`id="${SITE_FOOTER_ID}"`), file).toBeGreaterThan(html.indexOf('</main>'))
  }
})

test('a page whose end is late paints nothing until it arrives', async ({ page }) => {
  await page.goto(server.origin + HELD_PAGE)
  const firstPaint = await page
    .waitForFunction(() => performance.getEntriesByName('first-paint')[0]?.startTime)
    .then((handle) => handle.jsonValue())
  expect(firstPaint).toBeGreaterThanOrEqual(HOLD_MS)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})
