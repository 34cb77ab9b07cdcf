// What a browser really fetches before any interaction: each built page opened in Chromium at a
// phone's and a desktop's viewport, left alone until everything that starts without a visitor
// has started (startedUnprompted) and the network is quiet, and every script it requested
// written down. A static reading of the HTML misses what the viewport
// decides (an island that hydrates when visible is fetched at once when it is on screen), so
// the budget is checked against this.
import { chromium, type Browser, type Page, type Request } from '@playwright/test'
import { CHROMIUM_FLAGS, testChromiumPath } from '../../tests/harness/chromium.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { serveBuild } from '../../server/serve-build.ts'
import { testWorkers } from '../../tests/harness/test-workers.ts'
import { timeLimit } from '../../tests/harness/time-limit.ts'
import {
  HYDRATED_ATTRIBUTE,
  PAGE_CONTROL_ATTRIBUTE,
  PAGE_SCRIPT_ATTRIBUTE,
} from '../../renderer/island-attributes.ts'
import { STARTS_UNPROMPTED } from '../../renderer/island-name.ts'

export const VIEWPORTS = {
  phone: { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  desktop: { width: 1280, height: 800, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/**
 * How long a page may take, once loaded, to start everything that starts without a visitor: an
 * island that waits for the browser to be idle starts within 2 s (renderer/schedule-hydration.ts),
 * and a busy one-core machine may take a few times that.
 */
export const UNPROMPTED_START_LIMIT_MS = timeLimit(5_000)
/**
 * Visits at once: one per core this step may use (../../tests/harness/test-workers.ts). A visit mostly waits, on
 * the islands that start when the browser is idle and on the network's quiet half-second: 86
 * visits one at a time took 64 s for 27 core-s, two at a time 37 s, six 22 s (2026-11-28). But
 * each visit's new context starts a renderer, a burst of threads: six at a time kept 4.4
 * threads running or waiting for a CPU on average, two 1.6, one 0.8, and beside the unit suite
 * two at a time lifted the load average over twice the cores.
 */
const PAGES_AT_ONCE = testWorkers()

export interface FetchedScripts {
  page: string
  viewport: ViewportName
  /** Script files requested from the site, as paths below dist/client, in request order. */
  files: string[]
}

/**
 * Playwright's 30 s for a load and for the network to go quiet, through the slow-day factor
 * (../../tests/harness/time-limit.ts): on a fresh CI machine a page here can take longer than
 * 30 s to load while other groups of `npm test` run beside this one, with nothing wrong.
 */
const PAGE_LIMIT_MS = timeLimit(30_000)

async function visit(browser: Browser, base: string, page: string, viewport: ViewportName) {
  const { width, height, ...device } = VIEWPORTS[viewport]
  const context = await browser.newContext({ viewport: { width, height }, ...device })
  context.setDefaultTimeout(PAGE_LIMIT_MS)
  try {
    const tab = await context.newPage()
    const files: string[] = []
    const network = watchRequests(tab)
    tab.on('request', (request) => {
      const url = new URL(request.url())
      if (request.resourceType() === 'script' && url.origin === base)
        files.push(decodeURIComponent(url.pathname).replace(/^\//, ''))
    })
    const response = await tab.goto(base + page, { waitUntil: 'load' })
    if (!response?.ok() && response?.status() !== 404)
      throw new Error(`${page} answered ${response?.status()}`)
    await waitForUnpromptedStarts(tab, page)
    await network.quiet(`${page} at ${viewport} size`)
    return { page, viewport, files: [...new Set(files)] }
  } finally {
    await context.close()
  }
}

/** How long no request may be open before the page counts as done fetching (Playwright's too). */
const QUIET_MS = 500

/**
 * The tab's requests, as its request events tell them, and a wait for a moment with none open.
 * Not Playwright's `networkidle`: in the headless shell pinned to one core, that state never came
 * for some pages (90 s, 2026-11-27) with every request they made answered.
 */
function watchRequests(tab: Page) {
  const open = new Set<Request>()
  let changed = Date.now()
  const settle = (request: Request) => {
    open.delete(request)
    changed = Date.now()
  }
  tab.on('request', (request) => {
    open.add(request)
    changed = Date.now()
  })
  tab.on('requestfinished', settle)
  tab.on('requestfailed', settle)
  return {
    async quiet(what: string) {
      const deadline = Date.now() + PAGE_LIMIT_MS
      while (open.size || Date.now() - changed < QUIET_MS) {
        if (Date.now() > deadline)
          throw new Error(
            `${what}: requests still open after ${PAGE_LIMIT_MS / 1000} s: ${[...open].map((request) => request.url()).join(', ')}`,
          )
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    },
  }
}

const ATTRIBUTES = {
  hydrated: HYDRATED_ATTRIBUTE,
  pageControl: PAGE_CONTROL_ATTRIBUTE,
  pageScript: PAGE_SCRIPT_ATTRIBUTE,
  unprompted: [...STARTS_UNPROMPTED] as string[],
}

/**
 * In the page: what has not started yet of what starts without a visitor. The page script,
 * which the inline loader adds once the page has painted (fetched, and its page controls set
 * up), every island that starts on load or when the browser is idle, and every island that
 * starts when scrolled near and is within 200 px of the screen, as its IntersectionObserver
 * sees it (renderer/schedule-hydration.ts). Empty once all of it has.
 */
function notStartedYet(attributes: typeof ATTRIBUTES): string[] {
  const waiting: string[] = []
  const loader = document.querySelector(`[${attributes.pageScript}]`)
  const script = loader && new URL(loader.getAttribute(attributes.pageScript)!, location.href).href
  if (script && !performance.getEntriesByName(script).length) waiting.push('the page script')
  for (const control of document.querySelectorAll(`[${attributes.pageControl}]`))
    if (!control.hasAttribute(attributes.hydrated)) waiting.push(`page control ${control.id}`)
  for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
    if (island.hasAttribute(attributes.hydrated)) continue
    const when = island.dataset.hydrate ?? 'load'
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const startsNow =
      attributes.unprompted.includes(when) ||
      (when === 'visible' &&
        [...(island.children.length ? island.children : [island])].some(
          (element) =>
            element.getClientRects().length > 0 &&
            element.getBoundingClientRect().bottom >= -200 &&
            element.getBoundingClientRect().top <= innerHeight + 200,
        ))
    if (startsNow) waiting.push(`island ${island.dataset.island} (${when})`)
  }
  return waiting
}

async function waitForUnpromptedStarts(tab: Page, page: string) {
  const deadline = Date.now() + UNPROMPTED_START_LIMIT_MS
  for (;;) {
    const waiting = await tab.evaluate(notStartedYet, ATTRIBUTES)
    if (!waiting.length) return
    if (Date.now() > deadline)
      throw new Error(
        `${page}: not started ${UNPROMPTED_START_LIMIT_MS / 1000} s after load: ${waiting.join(', ')}`,
      )
    // The question costs a few milliseconds in the page; ask again after a frame or two.
    await tab.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)))
  }
}

/** Every page at every viewport, a few at a time. */
export async function measureFetchedScripts(
  clientDir: string,
  distDir: string,
  pages: string[],
): Promise<FetchedScripts[]> {
  const executablePath = testChromiumPath()
  if (!executablePath)
    throw new Error(
      'No Chromium found: run `tsx tests/harness/ensure-chromium.ts`, or set CHROME_PATH.',
    )
  const site = await serveBuild(distDir, { clientDir, logger: silentLogger })
  const base = site.origin
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS })
  try {
    const jobs = pages.flatMap((page) =>
      (Object.keys(VIEWPORTS) as ViewportName[]).map((viewport) => ({ page, viewport })),
    )
    const results: FetchedScripts[] = []
    for (let start = 0; start < jobs.length; start += PAGES_AT_ONCE)
      results.push(
        ...(await Promise.all(
          jobs
            .slice(start, start + PAGES_AT_ONCE)
            .map(({ page, viewport }) => visit(browser, base, page, viewport)),
        )),
      )
    return results
  } finally {
    await browser.close()
    await site.close()
  }
}
