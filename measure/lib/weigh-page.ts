// Measures what each prerendered page costs a visitor before they interact: the JavaScript it
// loads (the page script its inline loader adds, any entry scripts and modulepreloads, their
// static imports, and the code of islands that hydrate without waiting for a scroll or click,
// with React's hydration code), its CSS, and any page copy that leaked into JS.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { PAGE_SCRIPT_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { STARTS_UNPROMPTED, type HydrateOn } from '../../renderer/island-name.ts'
import { inlineScripts } from '../../builder/outputs/inline-sources.ts'

/**
 * Which of a page script's dynamic imports load on a press (components: the booking dialog);
 * the others that are not islands are React, loaded with the first island to start.
 */
const LOADED_ON_PRESS = /^components\//
const ISLAND_MODULE = /\.island\.tsx$/

interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export interface PageWeight {
  page: string
  /** JavaScript files and inline scripts, each compressed on its own as it is sent. */
  jsGzipBytes: number
  jsFiles: string[]
  inlineJsGzipBytes: number
  cssGzipBytes: number
  cssFiles: string[]
  islands: { name: string; hydrate: string }[]
}

export function gzipSize(content: string | Buffer): number {
  return gzipSync(content, { level: 9 }).length
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&')

/** Scripts, modulepreloads, stylesheets and islands referenced by one page's HTML. */
export function readPageReferences(html: string) {
  const scriptTags = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag)
  const scripts = [
    ...scriptTags
      .filter((tag) => attr(tag, 'type') === 'module' && attr(tag, 'src'))
      .map((tag) => attr(tag, 'src')!),
    // The page script, added by the inline loader once the page has painted.
    ...scriptTags.map((tag) => attr(tag, PAGE_SCRIPT_ATTRIBUTE)).filter((src) => src !== undefined),
  ]
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag)
  const preloads = links
    .filter((tag) => attr(tag, 'rel') === 'modulepreload')
    .map((tag) => attr(tag, 'href')!)
  const stylesheets = links
    .filter((tag) => attr(tag, 'rel') === 'stylesheet')
    .map((tag) => attr(tag, 'href')!)
  const islands = [...html.matchAll(/<[a-z]+\b[^>]*\sdata-island="[^"]*"[^>]*>/g)].map(([tag]) => ({
    name: attr(tag, 'data-island')!,
    hydrate: attr(tag, 'data-hydrate') ?? 'load',
  }))
  return { scripts, preloads, stylesheets, islands }
}

const chunksByFile = (manifest: Manifest) =>
  new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]))

/** Every file a chunk pulls in through static imports (what the browser fetches with it). */
export function staticClosure(manifest: Manifest, startFiles: string[]): Set<string> {
  const byFile = chunksByFile(manifest)
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key]
      if (imported) visit(imported.file)
    }
  }
  startFiles.forEach(visit)
  return seen
}

export async function measurePage(
  clientDir: string,
  page: string,
  html: string,
  manifest: Manifest,
): Promise<PageWeight> {
  const refs = readPageReferences(html)
  const toFile = (url: string) => url.replace(/^\//, '')
  const start = [...refs.scripts, ...refs.preloads].map(toFile)
  // Islands that hydrate on load or when idle are fetched without any interaction, and with
  // them the code that hydrates them.
  const eager = refs.islands.filter((island) =>
    STARTS_UNPROMPTED.includes(island.hydrate as HydrateOn),
  )
  for (const island of eager) {
    const chunk = manifest[`components/${island.name}.island.tsx`]
    if (!chunk) throw new Error(`${page}: island "${island.name}" has no chunk in the manifest`)
    start.push(chunk.file)
  }
  if (eager.length) {
    const byFile = chunksByFile(manifest)
    for (const script of refs.scripts)
      for (const key of byFile.get(toFile(script))?.dynamicImports ?? [])
        if (!ISLAND_MODULE.test(key) && !LOADED_ON_PRESS.test(key) && manifest[key])
          start.push(manifest[key].file)
  }
  const jsFiles = [...staticClosure(manifest, start)].sort()
  const cssFiles = refs.stylesheets.map(toFile)
  const size = async (file: string) => gzipSize(await readFile(path.join(clientDir, file)))
  const sum = async (files: string[]) =>
    (await Promise.all(files.map(size))).reduce((total, bytes) => total + bytes, 0)
  // Inline scripts travel inside the HTML; gzip on their own overstates them slightly.
  const inlineJsGzipBytes = inlineScripts(html).reduce((total, body) => total + gzipSize(body), 0)
  return {
    page,
    jsGzipBytes: (await sum(jsFiles)) + inlineJsGzipBytes,
    jsFiles,
    inlineJsGzipBytes,
    cssGzipBytes: await sum(cssFiles),
    cssFiles,
    islands: refs.islands,
  }
}

/**
 * Sentences of copy (from content) that appear inside a JavaScript file. Pages are HTML-only, so
 * any hit means page code or content was bundled for the browser by mistake.
 */
export function findCopyInJs(js: string, sentences: readonly string[]): string[] {
  return sentences.filter((sentence) => {
    const escaped = JSON.stringify(sentence).slice(1, -1)
    const unicodeEscaped = escaped.replace(
      /[^\x20-\x7e]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    return js.includes(sentence) || js.includes(escaped) || js.includes(unicodeEscaped)
  })
}

/** Prose-like strings from content data: long enough that a match cannot be a coincidence. */
export function copySentences(data: unknown): string[] {
  const found = new Set<string>()
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      const text = value.trim()
      if (text.length >= 24 && /\s/.test(text) && !/^(https?:|mailto:|tel:|\/)/.test(text))
        found.add(text)
    } else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(data)
  return [...found]
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}
