// What a social card shows and what decides its pixels: the words, checked, and the version of
// the drawing (template, fonts, PNG settings) every cache key includes. Kept apart from the
// drawing itself (./draw-card.ts) so a build whose cards all come from the cache never loads
// satori and resvg.
import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import type { Font } from 'satori'
import { formatDate } from '../../../components/articles/article-facts.ts'
import { TEMPLATE_VERSION, type CardContent } from './card-template.ts'

const fontFile = (name: string) => readFileSync(new URL(`./fonts/${name}`, import.meta.url))
/** Inter (SIL Open Font License, fonts/OFL.txt), the two weights the template uses. */
export const FONTS: Font[] = [
  { name: 'Inter', weight: 500, style: 'normal', data: fontFile('inter-latin-500-normal.woff') },
  { name: 'Inter', weight: 800, style: 'normal', data: fontFile('inter-latin-800-normal.woff') },
]

/**
 * How the pixels become a PNG (sharp, in drawCard). Level 3 encodes a card in 3.3 ms against
 * 4.2–6.4 ms at level 5, for 54 KB against 48 KB; higher levels cost far more (18 ms at 9).
 */
export const PNG_SETTINGS = { compressionLevel: 3, adaptiveFiltering: false } as const

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
