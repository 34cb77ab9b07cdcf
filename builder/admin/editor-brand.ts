// What the editor's pages show of the site (docs/editing-ui.md): its name, from the same
// content/site.yaml the pages read, and its mark (site/brand.ts), drawn together as a wordmark
// in Decap's `logo` on the sign-in page, in place of Decap's own. The name also heads the page
// for assistive technology (admin/main.tsx). A data: address, which the editor's policy allows
// for pictures, so no file is added beside the editor.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { SITE_NAME_KEY, type EditorConfigFile } from '../../admin/config-file.ts'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { BRAND_MARK_PATH, THEME_COLOR } from '../../site/brand.ts'
import { readSource } from '../content/source.ts'

/** The ink of the site's text (renderer/styles.css --color-ink), on Decap's light grey page. */
const INK = '#0f172a'

export interface EditorBrand {
  /** The site's name, as content/site.yaml writes it. */
  name: string
  /** Decap's `logo.src`: the mark and the name, as an SVG data: address. */
  logo: string
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The wordmark: the mark, then the name in bold beside it, as the site's header draws them. */
export function wordmark(name: string): string {
  // Wide enough for the name at about 0.62 em a letter; the picture scales to Decap's 300 px.
  const width = 64 + Math.ceil(name.length * 24)
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 48" width="${width}" height="48">` +
    `<rect width="48" height="48" rx="12" fill="${THEME_COLOR}"/>` +
    `<path d="${BRAND_MARK_PATH}" fill="#fff" transform="scale(1.5)"/>` +
    `<text x="60" y="35" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="${INK}">${escapeXml(name)}</text>` +
    `</svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/** The site's name and wordmark, read from the site's singleton under `root`'s content/. */
export async function editorBrand(
  root: string,
  collections: Record<string, CollectionDefinition>,
): Promise<EditorBrand> {
  const file = path.join(root, 'content', collections.site!.source)
  const data = readSource(file, await readFile(file, 'utf8')).data as { name?: unknown }
  if (typeof data?.name !== 'string' || !data.name.trim())
    throw new Error(`${path.relative(root, file)} has no name for the editor's sign-in page`)
  return { name: data.name.trim(), logo: wordmark(data.name.trim()) }
}

/** `config` with the site's wordmark as Decap's sign-in logo, and its name for the page. */
export function withBrand<C extends object>(config: C, brand: EditorBrand): C & EditorConfigFile {
  return {
    ...config,
    logo: { src: brand.logo, show_in_header: false },
    [SITE_NAME_KEY]: brand.name,
  }
}
