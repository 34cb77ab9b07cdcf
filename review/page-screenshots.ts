// Screenshots of what changed, for reviewers on a phone: not whole pages but the region holding
// the change (the element with some context around it), from both builds served locally, the
// changed words outlined, before and after side by side in one small image per width (1280 and
// 390 px) and colour scheme (dark too when the region shows a picture or the change touches
// styles or pictures). Closed accordions and tabs are opened and lazy images loaded first.
// What each region showed is written beside the images (regions.json), so a test can check
// that a shot holds the changed words without reading pixels.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { CHROMIUM_FLAGS, testChromiumPath } from '../tests/harness/chromium.ts'
import { timeLimit } from '../tests/harness/time-limit.ts'
import { findRegion, type RegionFound, type RegionQuery } from './region-in-page.ts'

export const SCREENSHOT_WIDTHS = [1280, 390] as const
const VIEWPORT_HEIGHT = 900
/** The region grows from the changed element to about this height, for context. */
const CONTEXT_HEIGHT = 220
/** …and never past this, so an image stays readable on a phone. */
const MAX_REGION_HEIGHT = 700

export type Side = 'before' | 'after'
export type ColorScheme = 'light' | 'dark'

export interface ScreenshotRequest {
  route: string
  /** What to find on each side the page exists on: an added page has only "after". */
  sides: Partial<Record<Side, Pick<RegionQuery, 'sentence' | 'changed'>>>
  /** Shoot the dark scheme too, whatever the region shows (styles or pictures changed). */
  dark?: boolean
}

/** What one image shows, recorded in regions.json beside it. */
export interface ShotRecord {
  side: Side
  width: number
  scheme: ColorScheme
  /** The region's text as laid out in the browser. */
  text: string
  opened: string[]
  size: { width: number; height: number }
}

/** A file-system-friendly name for a route: / is "home", /industries/ai-ml "industries-ai-ml". */
export function routeSlug(route: string): string {
  const slug = route
    .replace(/^\/|\/$/g, '')
    .replace(/\.html$/, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
  return slug || 'home'
}

/** Width and height of a PNG, from its header chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

async function newContext(browser: Browser, origin: string, colorScheme: ColorScheme) {
  const context = await browser.newContext({ reducedMotion: 'reduce', colorScheme })
  // Playwright's 30 s for a page's load, through the slow-day factor (tests/harness/time-limit.ts).
  context.setDefaultTimeout(timeLimit(30_000))
  // tsx names functions with a helper the page does not have; the region finder is one.
  await context.addInitScript('globalThis.__name = (fn) => fn')
  // Only the local build is reached: third-party embeds (the scheduler) would make the
  // shots depend on the network.
  await context.route('**/*', (route) =>
    route
      .request()
      .url()
      .startsWith(origin + '/')
      ? route.continue()
      : route.abort(),
  )
  return context
}

async function shootRegion(
  context: BrowserContext,
  url: string,
  width: number,
  query: Pick<RegionQuery, 'sentence' | 'changed'>,
): Promise<{ png: Buffer; found: RegionFound }> {
  const page = await context.newPage()
  try {
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT })
    const response = await page.goto(url, { waitUntil: 'load' })
    if (!response?.ok()) throw new Error(`${url}: ${response?.status() ?? 'no response'}`)
    await page.evaluate(() => document.fonts.ready)
    // The site renders sections far from the viewport only when they come near it
    // (content-visibility: auto); a clip of the whole page would show them blank. They are
    // rendered before the region is measured, so its box is the drawn one. Through the CSSOM:
    // the site's CSP refuses an added <style>, and should.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('main > section, body > footer'))
        if (getComputedStyle(element).contentVisibility === 'auto')
          element.style.contentVisibility = 'visible'
    })
    const found = await page.evaluate(findRegion, {
      ...query,
      contextHeight: CONTEXT_HEIGHT,
      maxHeight: MAX_REGION_HEIGHT,
    })
    if ('missing' in found) throw new Error(`${url} at ${width} px: ${found.missing}`)
    const png = await page.screenshot({
      clip: found.clip,
      fullPage: true,
      animations: 'disabled',
      scale: 'css',
    })
    return { png, found }
  } finally {
    await page.close()
  }
}

/** Before and after in one image, side by side, captioned; a missing side says so. */
async function sideBySide(browser: Browser, shots: Partial<Record<Side, Buffer>>, file: string) {
  const cells = (['before', 'after'] as const).map((side) => {
    const png = shots[side]
    const image = png
      ? `<img src="data:image/png;base64,${png.toString('base64')}" alt="">`
      : `<div class="none">not in this build</div>`
    return `<figure><figcaption>${side === 'before' ? 'Before' : 'After'}</figcaption>${image}</figure>`
  })
  const page = await browser.newPage({ viewport: { width: 400, height: 300 } })
  try {
    await page.setContent(
      `<!doctype html><html><head><style>
        body { margin: 0; padding: 12px; background: #e2e8f0; font: 600 18px system-ui, sans-serif; }
        main { display: flex; gap: 16px; align-items: flex-start; width: max-content; }
        figure { margin: 0; } img { display: block; box-shadow: 0 0 0 1px #94a3b8; }
        figcaption { margin-bottom: 6px; } .none { padding: 40px; color: #475569; }
      </style></head><body><main>${cells.join('')}</main></body></html>`,
      { waitUntil: 'load' },
    )
    // As wide as the two images and their margins, so the right one is not cut.
    const width = await page.evaluate(() => document.querySelector('main')!.scrollWidth + 24)
    await page.setViewportSize({ width, height: 300 })
    await page.screenshot({ path: file, fullPage: true, scale: 'css' })
  } finally {
    await page.close()
  }
}

/**
 * Shoots each request's changed region into outDir/<slug>/: per width and scheme,
 * `<side>-<width>[-dark].png` and `side-by-side-<width>[-dark].png`, and regions.json (what
 * each image shows). Returns the side-by-side images written, and why any route has none.
 */
export interface Screenshots {
  /** The side-by-side images, relative to outDir, by route. */
  byRoute: Map<string, string[]>
  /** Why a route has no screenshot, by route: one page's trouble does not cost the report. */
  missing: Map<string, string>
}

export async function takeScreenshots(
  requests: ScreenshotRequest[],
  origins: Record<Side, string>,
  outDir: string,
): Promise<Screenshots> {
  const written = new Map<string, string[]>()
  const missing = new Map<string, string>()
  if (!requests.length) return { byRoute: written, missing }
  const executablePath = testChromiumPath()
  if (!executablePath)
    throw new Error('no Chromium found for --screenshots: set CHROME_PATH or install chromium')
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS })
  const contexts = new Map<string, BrowserContext>()
  const contextFor = async (side: Side, scheme: ColorScheme) => {
    const key = `${side}-${scheme}`
    if (!contexts.has(key)) contexts.set(key, await newContext(browser, origins[side], scheme))
    return contexts.get(key)!
  }
  try {
    for (const request of requests)
      try {
        written.set(request.route, await shootRequest(request))
      } catch (error) {
        missing.set(request.route, (error as Error).message)
      }
  } finally {
    await browser.close()
  }
  return { byRoute: written, missing }

  async function shootRequest(request: ScreenshotRequest): Promise<string[]> {
    const slug = routeSlug(request.route)
    const dir = path.join(outDir, slug)
    await mkdir(dir, { recursive: true })
    const records: Record<string, ShotRecord> = {}
    const files: string[] = []
    const schemes: ColorScheme[] = request.dark ? ['light', 'dark'] : ['light']
    for (let index = 0; index < schemes.length; index++) {
      const scheme = schemes[index]!
      for (const width of SCREENSHOT_WIDTHS) {
        const suffix = `${width}${scheme === 'dark' ? '-dark' : ''}`
        const shots: Partial<Record<Side, Buffer>> = {}
        for (const side of ['before', 'after'] as const) {
          const query = request.sides[side]
          if (!query) continue
          const context = await contextFor(side, scheme)
          const { png, found } = await shootRegion(
            context,
            origins[side] + request.route,
            width,
            query,
          )
          const file = `${side}-${suffix}.png`
          await writeFile(path.join(dir, file), png)
          shots[side] = png
          records[file] = {
            side,
            width,
            scheme,
            text: found.text,
            opened: found.opened,
            size: { width: png.readUInt32BE(16), height: png.readUInt32BE(20) },
          }
          // A picture in the region: the dark scheme is worth a look too.
          if (found.hasImage && !schemes.includes('dark')) schemes.push('dark')
        }
        const combined = `side-by-side-${suffix}.png`
        await sideBySide(browser, shots, path.join(dir, combined))
        files.push(`${slug}/${combined}`)
      }
    }
    await writeFile(path.join(dir, 'regions.json'), JSON.stringify(records, null, 2) + '\n')
    return files
  }
}
