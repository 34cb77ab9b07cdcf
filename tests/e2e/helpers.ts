import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test'
import { HYDRATED_ATTRIBUTE, PAGE_CONTROL_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { STARTS_UNPROMPTED } from '../../renderer/island-name.ts'

// WCAG 2.2 AA, and axe's best practices (one name per landmark, one main, headings in order…).
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/**
 * Runs axe-core on the page as it is now, or on the part of it `within` selects (a dialog or
 * panel just opened on a page already checked), and expects zero violations of AXE_TAGS, or of
 * only the given rules (COLOUR_RULES, for a page already checked in another scheme).
 *
 * axe runs in the page itself, put there once per document: @axe-core/playwright finishes every
 * run in a second, blank page, which made each check four to six times slower. Frames are left
 * out: the only ones on the site are the scheduler's, a third party's page.
 */
/** The rules a colour scheme can break: the rest are checked once, in the light scheme. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

export async function expectNoAxeViolations(
  page: Page,
  within?: string,
  rules?: readonly string[],
) {
  // Colours are measured once they are still: a scheme just switched, or a control just
  // hovered, eases its colours in over a few frames. Each running transition is taken to its
  // end at once (Animation.finish()), which is where waiting would leave it; waiting could be
  // forever, since a transition in a section content-visibility skips does not advance.
  await page.evaluate(() => {
    // A transition that ends may start another (a colour handed on to a child), so ask again.
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
      if (!running.length) return
      for (const transition of running) transition.finish()
    }
  })
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const options: RunOptions = {
    runOnly: rules ? { type: 'rule', values: [...rules] } : { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
    iframes: false,
  }
  const violations = await page.evaluate(
    async ([within, options]) => {
      const { axe } = window as unknown as {
        axe: { run: (...args: unknown[]) => Promise<AxeResults> }
      }
      const results = await axe.run(within ? { include: [[within]] } : document, options)
      return results.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
      )
    },
    [within, options] as const,
  )
  expect(violations).toEqual([])
}

/**
 * How long, at most, a check of content-security-policy violations waits for the page's network
 * to go quiet. A violation is reported by a task the browser queues when it blocks a load, and a
 * load may begin a moment after the step that caused it: a dialog's frame, an island's code
 * fetched once the island is reached for, what that code fetches in turn. So the check waits
 * until no request of the page is in flight and two more frames have been painted, and it gives
 * up after this long (a request still open then is itself the failure: nothing on the site
 * holds a connection open). Twice Playwright's 5 s for an expectation: a busy one-core machine
 * still serves a page's last chunk well within it.
 */
export const CSP_REPORT_WAIT_MS = 10_000

/**
 * Collects every content-security-policy violation the page reports from now on, as the browser
 * reports it (the securitypolicyviolation event, and its console message); call the returned
 * function to read them once every load the page began has ended (see CSP_REPORT_WAIT_MS).
 */
export async function listenForCspViolations(page: Page) {
  const violations: string[] = []
  const inFlight = new Set<Request>()
  page.on('request', (request) => inFlight.add(request))
  page.on('requestfinished', (request) => inFlight.delete(request))
  page.on('requestfailed', (request) => inFlight.delete(request))
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`)
  })
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation
      report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI}`)
    })
  })
  return async () => {
    // Frames first, so what the last step began has begun; the reports the browser queued are
    // delivered before the answer of the page.evaluate that waited for those frames.
    await expect
      .poll(
        async () => {
          await nextFrames(page)
          return [...inFlight].map((request) => request.url())
        },
        { message: 'requests still in flight', timeout: CSP_REPORT_WAIT_MS, intervals: [0] },
      )
      .toEqual([])
    return violations
  }
}

/**
 * Resolves once the page has painted `count` more frames: what a press or a key set in motion in
 * the page (an event handler, React's render of the state it set) has run and been drawn.
 */
export const nextFrames = (page: Page, count = 2) =>
  page.evaluate(async (count) => {
    for (let frame = 0; frame < count; frame++)
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))
  }, count)

export const hydrated = (page: Page, name: string) =>
  page.locator(`[data-island="${name}"][data-hydrated]`).first().waitFor()

/** Whether the page shows the dark theme: the class `dark` on <html> (renderer/theme-script.ts). */
export const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('dark'))

/** Reaches for a control as a visitor does (the pointer over it), and waits for its island to start. */
export async function reachFor(control: Locator) {
  await control.hover()
  await expect(control.locator('xpath=ancestor::*[@data-island][1]')).toHaveAttribute(
    HYDRATED_ATTRIBUTE,
    'true',
  )
}

/**
 * Opens the focused menu `button` with `key`, then Tabs into it: the button says it is expanded
 * and focus reaches `firstLink`, the first link of its panel.
 */
export async function openWithKey(button: Locator, key: 'Enter' | 'Space', firstLink: Locator) {
  await button.page().keyboard.press(key)
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await button.page().keyboard.press('Tab')
  await expect(firstLink).toBeFocused()
}

/** Escape, from inside an open menu, closes it and gives focus back to its button. */
export async function closeWithEscape(button: Locator) {
  await button.page().keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(button).toBeFocused()
}

/** The contact page's form, started as a visitor starts it: scrolled to and reached for. */
export async function startContactForm(page: Page) {
  const form = page.locator('[data-island="forms/ContactForm"]')
  await form.scrollIntoViewIfNeeded()
  await form.getByLabel('Name').focus()
  await hydrated(page, 'forms/ContactForm')
  return form
}

/**
 * How often a poll of the page's own state asks again: such a question costs a few
 * milliseconds, and Playwright's default (100 ms, then 250, 500 and every 1 s) would sleep up to
 * a second past the moment an island started, on every page of the walks over all routes.
 */
export const QUICK_POLL_INTERVALS = [25, 50, 100]

/**
 * The page script has run: every page control (the search button) works, and every island
 * that starts unprompted has started. Islands that wait to be scrolled to or reached for (the
 * menus among them) start on their own terms.
 */
export async function allIslandsHydrated(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([unprompted, pageControl]) =>
            [...document.querySelectorAll<HTMLElement>(`[data-island], [${pageControl}]`)]
              .filter(
                (element) =>
                  !element.dataset.island ||
                  unprompted!.includes(element.dataset.hydrate ?? 'load'),
              )
              .every((element) => element.hasAttribute('data-hydrated')),
          [[...STARTS_UNPROMPTED] as string[], PAGE_CONTROL_ATTRIBUTE] as const,
        ),
      { intervals: QUICK_POLL_INTERVALS },
    )
    .toBe(true)
}

/** Opens `path` and waits until its islands have started (allIslandsHydrated). */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path)
  await allIslandsHydrated(page)
}

/** The scheduler is a third-party page: the tests answer for it so they never leave the machine. */
export async function stubScheduler(page: Page) {
  await page
    .context()
    .route('https://cal.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: SCHEDULER_PAGE }),
    )
}

/**
 * A stand-in for the scheduler's page that speaks as cal.com's embed does: in a frame named
 * `cal-embed=` it posts `__iframeReady` to its parent, and notes on its <body> that the parent
 * answered `parentKnowsIframeReady` (data-parent-answered).
 */
export const SCHEDULER_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Scheduler</title></head><body><main><h1>Pick a time</h1><button type="button">10:00</button></main><script>
addEventListener('message', (event) => {
  if (event.source === parent && event.data && event.data.originator === 'CAL' && event.data.method === 'parentKnowsIframeReady') document.body.dataset.parentAnswered = ''
})
if (window.name.startsWith('cal-embed=')) parent.postMessage({ originator: 'CAL', type: '__iframeReady', data: {} }, '*')
</script></body></html>`

/** Collects the console messages of one type, e.g. 'warning'. */
export function collectConsole(page: Page, type: 'warning' | 'error' | 'log') {
  const messages: string[] = []
  page.on('console', (message) => {
    if (message.type() === type) messages.push(message.text())
  })
  return messages
}

/** Collects console errors and uncaught exceptions (hydration mismatches show up here). */
export function collectErrors(page: Page) {
  const errors = collectConsole(page, 'error')
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** The body of `path` as the server sends it, once its status is checked. */
export async function fetchText(request: APIRequestContext, path: string, status = 200) {
  const response = await request.get(path)
  expect(response.status(), path).toBe(status)
  return response.text()
}

/** Collects the address of every request the page makes from now on that `wanted` accepts. */
export function collectRequests(page: Page, wanted: (request: Request) => boolean) {
  const urls: string[] = []
  page.on('request', (request) => {
    if (wanted(request)) urls.push(request.url())
  })
  return urls
}

/** A promise the test opens when it chooses: for holding a response or a file back. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/** The page script, which the inline loader adds after the first paint. */
export const PAGE_SCRIPT = '**/assets/entries/start-islands.*.js'

/** Holds back every request to `url` (a glob) until the returned function is called. */
export async function holdRequests(page: Page, url: string) {
  const held = gate()
  await page.route(url, async (route) => {
    await held.opened
    await route.continue()
  })
  return held.open
}
