// Draws one social card: satori lays the template out as SVG with the fonts shipped beside this
// file, resvg (Rust, no browser) rasterises it to PNG. Both run in plain Node at build time.
import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { renderAsync, Resvg } from '@resvg/resvg-js'
import type { ReactNode } from 'react'
import satori, { type Font } from 'satori'
import sharp from 'sharp'
import { formatDate } from '../../../components/articles/article-facts.ts'
import { SOCIAL_CARD_SIZE } from '../../../renderer/brand.ts'
import { cardTemplate, TEMPLATE_VERSION, type CardContent } from './card-template.ts'

const fontFile = (name: string) => readFileSync(new URL(`./fonts/${name}`, import.meta.url))
/** Inter (SIL Open Font License, fonts/OFL.txt), the two weights the template uses. */
const FONTS: Font[] = [
  { name: 'Inter', weight: 500, style: 'normal', data: fontFile('inter-latin-500-normal.woff') },
  { name: 'Inter', weight: 800, style: 'normal', data: fontFile('inter-latin-800-normal.woff') },
]

/** How the pixels become a PNG (sharp, in drawCard). */
const PNG_SETTINGS = { compressionLevel: 5, adaptiveFiltering: false } as const

/** Changes when the template, the PNG settings or a font changes: part of every cache key. */
export const DRAWING_VERSION = createHash('sha256')
  .update(`template ${TEMPLATE_VERSION}\n`)
  .update(`png ${JSON.stringify(PNG_SETTINGS)}\n`)
  .update(Buffer.concat(FONTS.map((font) => Buffer.from(font.data as Buffer))))
  .digest('hex')
  .slice(0, 16)

/** What the build knows about a page's card; author and date only for articles. */
export interface CardInput {
  title: string
  subtitle?: string
  author?: string
  /** YYYY-MM-DD. */
  date?: string
}

/** "2026-03-03" → "March 3, 2026"; anything else is a mistake in content. */
export function readableDate(date: string): string {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date)
    throw new Error(`social card: date "${date}" is not a real day written YYYY-MM-DD`)
  return formatDate(date)
}

/** The card's words, checked: a card without a title would be a blank image. */
export function cardContent(
  input: CardInput,
  site: { siteName: string; host: string },
): CardContent {
  const title = input.title.trim()
  if (!title) throw new Error('social card: the title is empty')
  return {
    ...site,
    title,
    subtitle: input.subtitle?.trim() || undefined,
    author: input.author?.trim() || undefined,
    date: input.date ? readableDate(input.date) : undefined,
  }
}

/** The card as SVG: satori's part, in this thread. */
export function cardSvg(content: CardContent): Promise<string> {
  return satori(cardTemplate(content) as unknown as ReactNode, {
    ...SOCIAL_CARD_SIZE,
    fonts: FONTS,
  })
}

/**
 * The card as a 1200×630 PNG. By default resvg renders on libuv's thread pool, so a few cards
 * drawn together overlap; a worker of the draw pool, one card at a time, renders in its thread.
 */
export async function drawCard(
  content: CardContent,
  { sync = false }: { sync?: boolean } = {},
): Promise<Buffer> {
  const svg = await cardSvg(content)
  // Satori has turned the text into paths: resvg needs no font of its own.
  const options = { fitTo: { mode: 'original' as const }, font: { loadSystemFonts: false } }
  const image = sync ? new Resvg(svg, options).render() : await renderAsync(svg, options)
  // sharp encodes the opaque card as RGB in 6 ms against resvg's 10 ms for RGBA, 20 % smaller.
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
    .removeAlpha()
    .png(PNG_SETTINGS)
    .toBuffer()
}
