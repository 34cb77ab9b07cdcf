// Before and after screenshots of changed pages for reviewers: each page, full length, at a
// phone and a desktop width, from both builds served locally, plus one side-by-side image per
// page. The side-by-side image is laid out and captured by the same system Chromium (an HTML
// grid of the four shots), so no native image library has to be installed.
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium, type Browser, type BrowserContext } from '@playwright/test'
import { chromiumPath, CHROMIUM_FLAGS } from './chromium.ts'

export const SCREENSHOT_WIDTHS = [390, 1280] as const
/** Viewport height while loading; the shots cover the whole page. */
const VIEWPORT_HEIGHT = 900
/** Tall pages are scaled down in the side-by-side image to stay below Chromium's size limit. */
const MAX_SIDE_BY_SIDE_HEIGHT = 8_000

export interface ScreenshotRequest {
  route: string
  /** Which builds have the page: an added page has only an "after". */
  sides: ('before' | 'after')[]
}

/** A file-system-friendly name for a route: / is "home", /industries/ai-ml "industries-ai-ml". */
export function routeSlug(route: string): string {
  const slug = route
    .replace(/^\/|\/$/g, '')
    .replace(/\.html$/, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
  return slug || 'home'
}

async function shoot(
  context: BrowserContext,
  origin: string,
  route: string,
  width: number,
  file: string,
) {
  const page = await context.newPage()
  try {
    await page.setViewportSize({ width, height: VIEWPORT_HEIGHT })
    const response = await page.goto(origin + route, { waitUntil: 'load' })
    if (!response) throw new Error(`${origin}${route}: no response`)
    await page.evaluate(() => document.fonts.ready)
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
  } finally {
    await page.close()
  }
}

async function newContext(browser: Browser, origin: string) {
  const context = await browser.newContext({ reducedMotion: 'reduce' })
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

/** Width and height of a PNG, from its header chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

async function sideBySide(browser: Browser, dir: string, shots: Map<string, string>) {
  const columns = await Promise.all(
    SCREENSHOT_WIDTHS.flatMap((width) =>
      (['before', 'after'] as const).map(async (side) => {
        const file = shots.get(`${side}-${width}`)
        const png = file ? await readFile(path.join(dir, file)) : undefined
        return { width, side, png, height: png ? pngSize(png).height : 0 }
      }),
    ),
  )
  // Long pages are drawn smaller, all by the same factor so the columns stay comparable.
  const scale = Math.min(1, MAX_SIDE_BY_SIDE_HEIGHT / Math.max(...columns.map((c) => c.height)))
  const cells = columns.map(({ width, side, png }) => {
    const shown = Math.round(width * scale)
    const image = png
      ? `<img src="data:image/png;base64,${png.toString('base64')}" width="${shown}" alt="">`
      : `<div class="none" style="width:${shown}px">not in this build</div>`
    return `<figure><figcaption>${side}, ${width} px</figcaption>${image}</figure>`
  })
  const page = await browser.newPage({ viewport: { width: 800, height: 600 } })
  try {
    await page.setContent(
      `<!doctype html><html><head><style>
        body { margin: 0; padding: 16px; background: #e2e8f0; font: 600 20px system-ui, sans-serif; }
        main { display: flex; gap: 24px; align-items: flex-start; width: max-content; }
        figure { margin: 0; } img { display: block; box-shadow: 0 0 0 1px #94a3b8; }
        figcaption { margin-bottom: 8px; } .none { padding: 40px 0; color: #475569; }
      </style></head><body><main>${cells.join('')}</main></body></html>`,
      { waitUntil: 'load' },
    )
    await page.screenshot({ path: path.join(dir, 'side-by-side.png'), fullPage: true })
  } finally {
    await page.close()
  }
}

/**
 * Shoots every requested page from the builds served at `origins` into outDir/<slug>/:
 * before-390.png, after-390.png, before-1280.png, after-1280.png and side-by-side.png.
 * Returns the files written, relative to outDir, by route.
 */
export async function takeScreenshots(
  requests: ScreenshotRequest[],
  origins: { before: string; after: string },
  outDir: string,
): Promise<Map<string, string[]>> {
  const written = new Map<string, string[]>()
  if (!requests.length) return written
  const executablePath = chromiumPath()
  if (!executablePath)
    throw new Error('no Chromium found for --screenshots: set CHROME_PATH or install chromium')
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS })
  try {
    const contexts = {
      before: await newContext(browser, origins.before),
      after: await newContext(browser, origins.after),
    }
    for (const { route, sides } of requests) {
      const slug = routeSlug(route)
      const dir = path.join(outDir, slug)
      await mkdir(dir, { recursive: true })
      const shots = new Map<string, string>()
      for (const side of sides)
        for (const width of SCREENSHOT_WIDTHS) {
          const file = `${side}-${width}.png`
          await shoot(contexts[side], origins[side], route, width, path.join(dir, file))
          shots.set(`${side}-${width}`, file)
        }
      await sideBySide(browser, dir, shots)
      written.set(
        route,
        [...shots.values(), 'side-by-side.png'].map((file) => `${slug}/${file}`),
      )
    }
  } finally {
    await browser.close()
  }
  return written
}
