// Makes the committed brand images in public/ from content/site.yaml and the logo mark:
// the 1200×630 social card, the PNG icons and the apple-touch icon. The system Chromium
// renders small HTML documents and screenshots them (no rasteriser is installed).
// Run after changing the company name, description or logo: `npx tsx scripts/dev/make-brand-images.ts`.
import path from 'node:path'
import { chromium } from '@playwright/test'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { BRAND_IMAGES, BRAND_MARK_PATH, SOCIAL_CARD_SIZE, THEME_COLOR } from '../../site/brand.ts'
import { resolveSiteUrl } from '../../site/origin.ts'
import { chromiumPath, CHROMIUM_FLAGS } from '../../tests/harness/chromium.ts'

const root = path.resolve(import.meta.dirname, '../..')
const { entries, errors } = await loadContent(root, collections)
if (errors.length) throw new Error('content has problems; run npm run check:content')
const site = (entries.get('site')![0] as { data: EntryData<'site'> }).data

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
// The same mark as components/layout/Logo.tsx, drawn edge to edge for the icons.
const MARK_PATH = BRAND_MARK_PATH
const mark = (size: number, radius: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}"><rect width="32" height="32" rx="${radius}" fill="${THEME_COLOR}"/><path d="${MARK_PATH}" fill="#fff"/></svg>`

const [headline = site.description, rest = ''] = site.description.split(/:\s*/, 2)
const host = new URL(resolveSiteUrl(site.url)).host
const card = `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0 }
  body { width: ${SOCIAL_CARD_SIZE.width}px; height: ${SOCIAL_CARD_SIZE.height}px; overflow: hidden;
    font-family: 'Inter', 'Helvetica Neue', Arial, sans-serif; color: #fff;
    background: radial-gradient(circle at 85% 15%, #6366f1 0, transparent 45%),
      linear-gradient(135deg, #312e81 0%, ${THEME_COLOR} 60%, #4f46e5 100%);
    display: flex; flex-direction: column; justify-content: space-between; padding: 72px 80px; }
  .brand { display: flex; align-items: center; gap: 20px; font-size: 44px; font-weight: 800; letter-spacing: -0.02em }
  .brand svg rect { fill: #fff } .brand svg path { fill: ${THEME_COLOR} }
  h1 { font-size: 68px; line-height: 1.05; font-weight: 800; letter-spacing: -0.03em; max-width: 980px }
  p { margin-top: 24px; font-size: 30px; line-height: 1.35; color: #e0e7ff; max-width: 960px }
  .host { font-size: 26px; color: #c7d2fe; font-weight: 600 }
</style></head><body>
  <div class="brand">${mark(72, 8)}${escape(site.name)}</div>
  <div><h1>${escape(headline)}</h1>${rest ? `<p>${escape(rest.charAt(0).toUpperCase() + rest.slice(1))}</p>` : ''}</div>
  <div class="host">${escape(host)}</div>
</body></html>`

const icon = (size: number, radius: number) =>
  `<!doctype html><html><head><style>* { margin: 0 } body { width: ${size}px; height: ${size}px; overflow: hidden }</style></head><body>${mark(size, radius)}</body></html>`

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
async function shoot(
  html: string,
  width: number,
  height: number,
  file: string,
  omitBackground: boolean,
) {
  const page = await browser.newPage({ viewport: { width, height } })
  await page.setContent(html)
  await page.screenshot({ path: path.join(root, 'public', file), omitBackground })
  await page.close()
  console.log(`public${file} ${width}×${height}`)
}
await shoot(card, SOCIAL_CARD_SIZE.width, SOCIAL_CARD_SIZE.height, BRAND_IMAGES.socialCard, false)
await shoot(icon(192, 8), 192, 192, BRAND_IMAGES.icon192, true)
await shoot(icon(512, 8), 512, 512, BRAND_IMAGES.icon512, true)
// iOS rounds the corners itself and shows transparency as black: a full square.
await shoot(icon(180, 0), 180, 180, BRAND_IMAGES.appleTouchIcon, false)
await browser.close()
