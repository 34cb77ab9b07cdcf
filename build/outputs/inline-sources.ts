// Finds what the built HTML runs or styles inline, as CSP sha256 sources, so the policy can
// allow exactly those and nothing else. JSON data blocks (JSON-LD) are not scripts and are left out.
import { createHash } from 'node:crypto'

export interface InlineSources {
  scriptHashes: string[]
  styleHashes: string[]
  styleAttributeHashes: string[]
}

/** The CSP source for a piece of inline text, e.g. 'sha256-…'. */
export const cspHash = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * <style> elements React Aria adds at run time (not in the HTML, so the scan cannot see them):
 * usePress's touch-action rule on every page with a pressable, and usePreventScroll's rule on iOS
 * while a modal is open. A unit test compares them with the installed react-aria.
 */
export const RUNTIME_INLINE_STYLES = [
  '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
]

const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript'])

/** An attribute's value as the browser reads it, entities decoded (what CSP hashes). */
export const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The text of each inline <script> a browser would run (not JSON data blocks, not src=). */
export function inlineScripts(html: string): string[] {
  const bodies: string[] = []
  for (const [, attrs = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\bsrc\s*=/i.test(attrs)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? ''
    if (EXECUTABLE_TYPES.has(type)) bodies.push(body)
  }
  return bodies
}

const STYLE_ATTRIBUTE = /\sstyle\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)')/gi

/**
 * The raw values of style attributes: only inside a tag (`<name …>`), not text that happens to
 * read style="…". Found by looking for the attribute and then at its surroundings, as style
 * attributes are rare and a page has thousands of tags.
 */
function* styleAttributes(html: string): Generator<string> {
  for (const match of html.matchAll(STYLE_ATTRIBUTE)) {
    const end = match.index + match[0].length
    const tagStart = html.lastIndexOf('<', match.index)
    const tagEnd = html.indexOf('>', end)
    const nextTag = html.indexOf('<', end)
    const inTag =
      tagStart >= 0 &&
      /[a-zA-Z]/.test(html[tagStart + 1]!) &&
      html.lastIndexOf('>', match.index) < tagStart &&
      tagEnd >= 0 &&
      (nextTag < 0 || tagEnd < nextTag)
    if (inTag) yield match[1] ?? match[2] ?? ''
  }
}

export function findInlineSources(htmlDocuments: string[]): InlineSources {
  const collector = inlineSourceCollector()
  for (const html of htmlDocuments) collector.add(html)
  return collector.result()
}

/** The same, one document at a time, so a build can read each page once for every use. */
export function inlineSourceCollector() {
  // The texts themselves, hashed once at the end: most pages repeat the same few.
  const scripts = new Set<string>()
  const styles = new Set<string>(RUNTIME_INLINE_STYLES)
  const attributes = new Set<string>()
  return {
    add(html: string) {
      for (const body of inlineScripts(html)) scripts.add(body)
      for (const [, body = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
        styles.add(body)
      for (const value of styleAttributes(html)) attributes.add(decodeAttribute(value))
    },
    result(): InlineSources {
      const hashes = (texts: Set<string>) => [...new Set([...texts].map(cspHash))].sort()
      return {
        scriptHashes: hashes(scripts),
        styleHashes: hashes(styles),
        styleAttributeHashes: hashes(attributes),
      }
    },
  }
}
