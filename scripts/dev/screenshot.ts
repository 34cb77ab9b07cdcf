// Developer aid: `tsx scripts/dev/screenshot.ts URL out.png [width] [height] [full]` to look at a page.

import { chromium } from '@playwright/test'
import { chromiumPath, CHROMIUM_FLAGS } from '../../tests/harness/chromium.ts'
const [url, out, width = '1280', height = '800', full = ''] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } })
await page.goto(url!)
await page.waitForTimeout(800)
await page.screenshot({ path: out!, fullPage: full === 'full' })
await browser.close()
