// What a browser really fetches before any interaction: each built page opened in Chromium at a
// phone's and a desktop's viewport, left alone until the network is quiet and 3 s more, and every
// script it requested written down. A static reading of the HTML misses what the viewport
// decides (an island that hydrates when visible is fetched at once when it is on screen), so
// the budget is checked against this.
import { chromium, type Browser } from '@playwright/test'
import { chromiumPath, CHROMIUM_FLAGS } from './chromium.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { serveBuild } from './serve-build.ts'

export const VIEWPORTS = {
  phone: { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  desktop: { width: 1280, height: 800, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/** How long a page is left alone once its network is quiet. */
export const IDLE_AFTER_LOAD_MS = 3000
const PAGES_AT_ONCE = 6

export interface FetchedScripts {
  page: string
  viewport: ViewportName
  /** Script files requested from the site, as paths below dist/client, in request order. */
  files: string[]
}

async function visit(browser: Browser, base: string, page: string, viewport: ViewportName) {
  const { width, height, ...device } = VIEWPORTS[viewport]
  const context = await browser.newContext({ viewport: { width, height }, ...device })
  try {
    const tab = await context.newPage()
    const files: string[] = []
    tab.on('request', (request) => {
      const url = new URL(request.url())
      if (request.resourceType() === 'script' && url.origin === base)
        files.push(decodeURIComponent(url.pathname).replace(/^\//, ''))
    })
    const response = await tab.goto(base + page, { waitUntil: 'load' })
    if (!response?.ok() && response?.status() !== 404)
      throw new Error(`${page} answered ${response?.status()}`)
    await tab.waitForLoadState('networkidle')
    await tab.waitForTimeout(IDLE_AFTER_LOAD_MS)
    return { page, viewport, files: [...new Set(files)] }
  } finally {
    await context.close()
  }
}

/** Every page at every viewport, a few at a time. */
export async function measureFetchedScripts(
  clientDir: string,
  distDir: string,
  pages: string[],
): Promise<FetchedScripts[]> {
  const executablePath = chromiumPath()
  if (!executablePath)
    throw new Error('No Chromium found: run `tsx tools/ensure-chromium.ts`, or set CHROME_PATH.')
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
