// How long a visitor waits for a response to a tap: each control is pressed in Chromium at a
// chosen moment of its page's life, and the time from the press's pointerdown to the first
// animation frame in which what it opens (a dialog, a menu's panel) is visible is read inside the
// page. Run under Lighthouse's mobile profile (150 ms round trip, 1.6 Mbps down, 4× CPU) and
// unthrottled, each a fresh visit with a cold cache. The bare reference page
// (./reference-page.ts) is tapped in the same run, between the site's controls, so that both
// meet the same machine at the same moment.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { STARTS_UNPROMPTED } from '../../renderer/island-name.ts'
import { chromiumPath, CHROMIUM_FLAGS } from '../../tests/harness/chromium.ts'
import { REFERENCE_NAME, REFERENCE_ROUTE, REFERENCE_SELECTOR } from './reference-page.ts'

export interface TapControl {
  /** What the table calls it. */
  name: string
  route: string
  /** The element pressed: the first match in the page. */
  selector: string
  /** Desktop dropdowns are not on a phone's screen: they are pressed at 1280 px. */
  viewport: 'phone' | 'desktop'
}

/** The reference's one button, tapped as the site's controls are. */
export const REFERENCE_CONTROL: TapControl = {
  name: REFERENCE_NAME,
  route: REFERENCE_ROUTE,
  selector: REFERENCE_SELECTOR,
  viewport: 'phone',
}

/**
 * The controls issues 15 and 42 name, found by what they are, not by their (content-owned)
 * words, then the reference.
 */
export const TAP_CONTROLS: TapControl[] = [
  { name: 'booking on /', route: '/', selector: 'main a[data-opens="booking"]', viewport: 'phone' },
  {
    name: 'booking on /industries/ai-ml',
    route: '/industries/ai-ml',
    selector: 'main a[data-opens="booking"]',
    viewport: 'phone',
  },
  {
    name: 'booking on /linkedin',
    route: '/linkedin',
    selector: 'main a[data-opens="booking"]',
    viewport: 'phone',
  },
  {
    name: 'Request Guide',
    route: '/resources/guides',
    selector: '[data-request-card] [data-opens-dialog]',
    viewport: 'phone',
  },
  {
    name: 'Request Scorecard',
    route: '/resources/interview-scorecards',
    selector: '[data-request-card] [data-opens-dialog]',
    viewport: 'phone',
  },
  {
    name: 'Menu',
    route: '/',
    selector: '[data-island="nav/MobileMenu"] button',
    viewport: 'phone',
  },
  {
    name: 'Industries dropdown',
    route: '/',
    selector: '[data-island="nav/NavMenu"] >> nth=0 >> button',
    viewport: 'desktop',
  },
  {
    name: 'Resources dropdown',
    route: '/',
    selector: '[data-island="nav/NavMenu"] >> nth=1 >> button',
    viewport: 'desktop',
  },
  // The header's own search button: the menu holds a second one, hidden until it opens.
  {
    name: 'Search',
    route: '/',
    selector: 'button[data-opens-dialog="site-search"] >> visible=true',
    viewport: 'phone',
  },
  REFERENCE_CONTROL,
]

export const TAP_MOMENTS = ['first paint', '1.5 s later', 'islands started'] as const
export type TapMoment = (typeof TAP_MOMENTS)[number]
export const TAP_PROFILES = ['mobile profile', 'unthrottled'] as const
export type TapProfile = (typeof TAP_PROFILES)[number]

/** A tap that shows nothing within this long counts as never answered. */
const GIVE_UP_MS = 10_000

export interface TapSample {
  control: string
  moment: TapMoment
  profile: TapProfile
  /** pointerdown to the first frame showing the response; null when none came in the page. */
  ms: number | null
  /** A booking link pressed before the page script opens the scheduler in a new tab, as its HTML says. */
  outcome: 'shown' | 'new tab' | 'none'
  /** Which of two builds compared in one run (`npm run bench -- --compare`); absent otherwise. */
  build?: 'before' | 'after'
}

/** A build served for the taps, when two are compared: which one it is and where it is served. */
export interface TapBuild {
  build: NonNullable<TapSample['build']>
  origin: string
}

// Installed before any page script: notes each pointerdown's time and, on every animation frame
// after it, whether a dialog or the pressed control's panel is on screen. The response time is
// read when that check says yes (performance.now()), not from the frame's timestamp: a frame's
// timestamp is when it began, before the handlers that ran in it and before the style and layout
// that opening a dialog costs, which the check forces (getBoundingClientRect). A string, not a
// function: tsx's transform adds helpers to functions that do not exist inside the page.
const RECORDER = `(() => {
  const state = { pressedAt: -1, respondedAt: -1 };
  window.__tap = state;
  const shown = (element) => {
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  addEventListener('pointerdown', (event) => {
    if (state.pressedAt >= 0) return;
    state.pressedAt = event.timeStamp;
    const control = event.target.closest('button, a');
    const check = () => {
      const panelId = control && control.getAttribute('aria-controls');
      const panel = panelId ? document.getElementById(panelId) : null;
      if (shown(document.querySelector('dialog[open], [role="dialog"]')) || shown(panel)) {
        state.respondedAt = performance.now();
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, { capture: true });
})()`

async function throttle(page: Page, profile: TapProfile) {
  if (profile === 'unthrottled') return
  const cdp = await page.context().newCDPSession(page)
  // Lighthouse's mobile preset: 150 ms round trip, 1.6 Mbps down, 750 Kbps up, 4× slower CPU.
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

async function waitForMoment(page: Page, moment: TapMoment) {
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    undefined,
    { polling: 10 },
  )
  if (moment === '1.5 s later') await page.waitForTimeout(1500)
  if (moment === 'islands started')
    await page.waitForFunction(
      (unprompted) =>
        [...document.querySelectorAll<HTMLElement>('[data-island]')]
          .filter((island) => unprompted.includes(island.dataset.hydrate ?? 'load'))
          .every((island) => island.dataset.hydrated),
      [...STARTS_UNPROMPTED] as string[],
      { polling: 50, timeout: 60_000 },
    )
}

async function tapOnce(
  browser: Browser,
  origin: string,
  control: TapControl,
  moment: TapMoment,
  profile: TapProfile,
): Promise<Pick<TapSample, 'ms' | 'outcome'>> {
  const phone = control.viewport === 'phone'
  const context: BrowserContext = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: phone,
    hasTouch: phone,
    deviceScaleFactor: phone ? 3 : 1,
  })
  try {
    // The scheduler is a third party: answered here, so nothing leaves the machine.
    await context.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Scheduler</p>' }),
    )
    await context.addInitScript({ content: RECORDER })
    const page = await context.newPage()
    let newTab = false
    context.on('page', () => (newTab = true))
    await throttle(page, profile)
    await page.goto(origin + control.route, { waitUntil: 'commit' })
    await waitForMoment(page, moment)
    const target = page.locator(control.selector).first()
    // A visitor scrolls to a control below the fold before pressing it.
    await target.scrollIntoViewIfNeeded()
    const box = await target.boundingBox()
    if (!box) throw new Error(`${control.name}: ${control.selector} is not on screen`)
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    if (phone) await page.touchscreen.tap(x, y)
    else await page.mouse.click(x, y)
    const handle = await page
      .waitForFunction(
        () => {
          const { pressedAt, respondedAt } = (
            window as unknown as { __tap: { pressedAt: number; respondedAt: number } }
          ).__tap
          return respondedAt >= 0 ? { ms: respondedAt - pressedAt } : false
        },
        undefined,
        { polling: 50, timeout: GIVE_UP_MS },
      )
      .catch(() => null)
    if (handle) return { ms: ((await handle.jsonValue()) as { ms: number }).ms, outcome: 'shown' }
    return { ms: null, outcome: newTab ? 'new tab' : 'none' }
  } finally {
    await context.close()
  }
}

/** The browser the taps run in, for the report: "Chromium 142.0.7444.175". */
export async function tapBrowserVersion(): Promise<string> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  try {
    return `${browser.browserType().name()} ${browser.version()}`
  } finally {
    await browser.close()
  }
}

/**
 * Every control (the reference among them) at every moment under each profile, `runs` fresh
 * visits each. A run goes through every control before the next begins, so a slow minute of
 * the machine falls on the reference as much as on the site. With `builds`, each control of the
 * site is tapped on each build in turn, the order swapped from one run to the next, and the
 * reference once, at `origin`.
 */
export async function measureTaps(
  origin: string,
  runs: number,
  {
    profiles = TAP_PROFILES,
    controls = TAP_CONTROLS,
    builds,
  }: {
    profiles?: readonly TapProfile[]
    controls?: readonly TapControl[]
    builds?: readonly TapBuild[]
  } = {},
  onSample?: (sample: TapSample) => void,
): Promise<TapSample[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  const samples: TapSample[] = []
  try {
    for (const profile of profiles)
      for (let run = 0; run < runs; run++)
        for (const control of controls)
          for (const moment of TAP_MOMENTS) {
            const targets: { origin: string; build?: TapBuild['build'] }[] =
              builds && control.name !== REFERENCE_NAME
                ? run % 2
                  ? [...builds].reverse()
                  : [...builds]
                : [{ origin }]
            for (const target of targets) {
              const result = await tapOnce(browser, target.origin, control, moment, profile)
              const sample: TapSample = { control: control.name, moment, profile, ...result }
              if (target.build) sample.build = target.build
              samples.push(sample)
              onSample?.(sample)
            }
          }
  } finally {
    await browser.close()
  }
  return samples
}
