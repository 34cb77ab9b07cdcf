// What a social card shows and what decides its pixels: the words, checked, and the version of
// the drawing (template, fonts, renderer) every cache key includes. Kept apart from the drawing
// itself (./draw-card.ts) so a build whose cards all come from the cache never loads the renderer.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { formatDate } from '../../../components/articles/article-facts.ts'
import { TEMPLATE_VERSION, type CardContent } from './card-template.ts'

const fontFile = (name: string) => readFileSync(new URL(`./fonts/${name}`, import.meta.url))
/** Inter (SIL Open Font License, fonts/OFL.txt), the two weights the template uses. */
export const FONTS = [
  { name: 'Inter', weight: 500, style: 'normal', data: fontFile('inter-latin-500-normal.woff') },
  { name: 'Inter', weight: 800, style: 'normal', data: fontFile('inter-latin-800-normal.woff') },
] as const

/** The installed Takumi's version: another release may set the same words differently. */
const RENDERER_VERSION = (() => {
  // Its package.json is not among the package's exports; it sits above the entry point.
  const entry = createRequire(import.meta.url).resolve('@takumi-rs/core')
  const manifest = path.join(path.dirname(entry), '../package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
})()

/** Changes when the template, the renderer or a font changes: part of every cache key. */
export const DRAWING_VERSION = createHash('sha256')
  .update(`template ${TEMPLATE_VERSION}\n`)
  .update(`renderer @takumi-rs/core ${RENDERER_VERSION}\n`)
  .update(Buffer.concat(FONTS.map((font) => font.data)))
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
