// `npm run measure:admin`: the live editor's first load. The built site (run `npm run build`
// first) served as `npm run serve` serves it, Chromium unthrottled, five fresh visits (a new
// browser context each: empty cache), each timed from navigation to the moment the sign-in
// button ("Login with GitHub") is visible; prints the five figures and their median, with what
// the page fetched by then. Target: a median ≤ 2 s (docs/editing-ui.md).
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { silentLogger } from '../supabase/functions/send-contact-email/logger.ts'
import { CHROMIUM_FLAGS, chromiumPath } from '../tests/harness/chromium.ts'
import { editorConfigAnswer } from './lib/editor-config.ts'
import { serveBuild } from '../server/serve-build.ts'
import { timeLimit } from '../tests/harness/time-limit.ts'

const VISITS = 5
const TARGET_MS = 2000
const SIGN_IN = 'Login with GitHub'

const distDir = path.resolve('dist')
const executablePath = chromiumPath()
if (!executablePath) {
  console.error('No Chromium found: run `npm run setup:chromium`, or set CHROME_PATH.')
  process.exit(1)
}
const config = await editorConfigAnswer(path.join(distDir, 'client'))
const site = await serveBuild(distDir, { logger: silentLogger })
// The local server compresses each file on its first request and keeps it (a host serves them
// compressed already): asked for once here, so no visit waits for that.
await fetch(`${site.origin}/admin`)
for (const script of (await readdir(path.join(distDir, 'client', 'admin', 'assets'))).filter(
  (file) => file.endsWith('.js'),
))
  await fetch(`${site.origin}/admin/assets/${script}`, { headers: { 'Accept-Encoding': 'br' } })
const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS })
try {
  if (!config.built)
    console.log(
      'This build has no GitHub settings: /admin/config.json is answered with the same file made with sample settings (measure/lib/editor-config.ts).',
    )
  const visits: { ms: number; requests: number; bytes: number; marks: Record<string, number> }[] =
    []
  for (let visit = 0; visit < VISITS; visit++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    if (!config.built)
      await page.route('**/admin/config.json', (route) =>
        route.fulfill({ body: config.body, contentType: 'application/json' }),
      )
    await page.goto(`${site.origin}/admin`, { waitUntil: 'commit' })
    // Measured in the page: performance.now() counts from the navigation's start.
    const handle = await page.waitForFunction(
      (label) => {
        const button = [...document.querySelectorAll('button')].find((candidate) =>
          candidate.textContent?.includes(label),
        )
        if (!button || !button.checkVisibility()) return undefined
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
        const navigation = performance.getEntriesByType('navigation')[0] as
          PerformanceNavigationTiming | undefined
        const marks = Object.fromEntries(
          performance
            .getEntriesByType('mark')
            .filter((entry) => entry.name.startsWith('editor:'))
            .map((entry) => [entry.name.slice('editor:'.length), Math.round(entry.startTime)]),
        )
        return {
          marks,
          ms: performance.now(),
          requests: resources.length + 1,
          bytes: resources.reduce(
            (total, entry) => total + entry.transferSize,
            navigation?.transferSize ?? 0,
          ),
        }
      },
      SIGN_IN,
      { polling: 'raf', timeout: timeLimit(30_000) },
    )
    visits.push((await handle.jsonValue())!)
    await context.close()
  }
  const figures = visits.map((visit) => visit.ms)
  const median = [...figures].sort((a, b) => a - b)[Math.floor(VISITS / 2)]!
  for (const [index, visit] of visits.entries())
    console.log(
      `visit ${index + 1}: ${Math.round(visit.ms)} ms (${visit.requests} requests, ${(visit.bytes / 1024).toFixed(0)} KB transferred; ms at ${Object.entries(
        visit.marks,
      )
        .map(([name, at]) => `${name} ${at}`)
        .join(', ')})`,
    )
  console.log(
    `median: ${Math.round(median)} ms from navigation to "${SIGN_IN}" visible (target ≤ ${TARGET_MS} ms)`,
  )
  process.exitCode = median <= TARGET_MS ? 0 : 1
} finally {
  await browser.close()
  await site.close()
}
