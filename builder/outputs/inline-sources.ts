// The inline sources the site's policy allows, and the build's check that a page holds no other.
// The list is the renderer's own (renderer/inline-sources.ts), hashed here: the policy is never
// gathered from the pages, so a script or style that content smuggles into a page is refused by
// the build and, were it served anyway, by the browser.
import { RENDERED_INLINE_SCRIPTS, RENDERED_INLINE_STYLES } from '../../renderer/inline-sources.ts'
import { cspHash } from '../../server/headers.ts'

export { cspHash }

export interface InlineSources {
  scriptHashes: string[]
  styleHashes: string[]
}

/** What the public pages' policy allows inline: the renderer's scripts and styles, by hash. */
export function renderedInlineSources(): InlineSources {
  const hashes = (texts: string[]) => [...new Set(texts.map(cspHash))].sort()
  return {
    scriptHashes: hashes(RENDERED_INLINE_SCRIPTS),
    styleHashes: hashes(RENDERED_INLINE_STYLES),
  }
}

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

/** The one kind of data block a page holds: JSON-LD, which a browser never runs. */
const JSON_LD_OPENING = '<script type="application/ld+json">'
/** Where an element of these names starts, however it is written: the parser's own rule. */
const ELEMENT_START = (name: string) => new RegExp(`<${name}(?=[\\s/>])`, 'gi')
/**
 * Attributes whose value is run or applied inline: event handlers (onclick…), srcdoc (a document
 * of its own) and style attributes.
 */
const INLINE_ATTRIBUTE = /^(?:on[a-z]+|srcdoc|style)$/

/** Where `pattern` (global) first matches in `text` from `from` on; the text's end if nowhere. */
function indexOfPattern(text: string, pattern: RegExp, from: number): number {
  pattern.lastIndex = from
  return pattern.exec(text)?.index ?? text.length
}

const TAG_NAME_END = /[\t\n\f\r />]/g
const TAG_END = />/g
/**
 * One attribute, from where the last one ended: spaces and slashes, a name (its first character
 * may be `=`), and maybe `=` and a value, quoted (and then holding any `>`) or not.
 */
const ATTRIBUTE =
  /[\t\n\f\r /]*([^\t\n\f\r />][^\t\n\f\r />=]*)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"?|'[^']*'?|[^\t\n\f\r >]*))?/y

/**
 * The names of the attributes of every tag in `html`, read as the browser's tokenizer reads them
 * (names end at space, `/`, `>` or `=`; values may be quoted and hold `>`), with where the tag
 * starts. The bodies of script and style elements are raw text, not tags: skipped.
 */
function* tagAttributes(html: string): Generator<{ name: string; at: number }> {
  let at = 0
  for (;;) {
    at = html.indexOf('<', at)
    if (at < 0) return
    const tagStart = at
    at++
    if (!/[a-zA-Z]/.test(html[at] ?? '')) continue
    const nameEnd = indexOfPattern(html, TAG_NAME_END, at)
    const tagName = html.slice(at, nameEnd).toLowerCase()
    at = nameEnd
    for (;;) {
      ATTRIBUTE.lastIndex = at
      const attribute = ATTRIBUTE.exec(html)
      // None left: only spaces and slashes stand before the tag's `>` (or the end).
      if (!attribute) break
      yield { name: attribute[1]!.toLowerCase(), at: tagStart }
      at = ATTRIBUTE.lastIndex
    }
    at = indexOfPattern(html, TAG_END, at)
    if (tagName === 'script' || tagName === 'style')
      at = indexOfPattern(html, new RegExp(`</${tagName}[\\t\\n\\f\\r />]`, 'gi'), at)
  }
}

/** A short, one-line quotation of what was found, for the error. */
const quote = (text: string) => {
  const line = text.replace(/\s+/g, ' ')
  return line.length > 80 ? `${line.slice(0, 77)}…` : line
}

/**
 * What a page holds inline that the renderer does not write: one line each, empty when the page
 * is clean. Every `<script` and `<style` is accounted for, so whatever hides from a pattern for
 * a whole element (an unclosed tag, an odd type) is still counted and refused. React escapes `<`
 * in text and attributes, so a raw one starts a real element; one in a comment is refused too,
 * which costs nothing (the renderer writes no comments).
 */
export function inlineSourceProblems(html: string): string[] {
  const problems: string[] = []
  // Each of the renderer's scripts once: the loader starts the page script it names, and a
  // second loader could name another.
  const unusedScripts = new Set(RENDERED_INLINE_SCRIPTS)
  for (const match of html.matchAll(ELEMENT_START('script'))) {
    const element = html.slice(match.index, indexOfPattern(html, /<\/script\s*>/gi, match.index))
    const opening = element.slice(0, element.indexOf('>') + 1)
    const body = element.slice(opening.length)
    if (opening === JSON_LD_OPENING) continue
    // The page script's loader carries the script's address in an attribute; what runs is
    // the body, which is what the policy hashes.
    if (/^<script(?: data-page-script="[^"<>]*")?>$/.test(opening) && unusedScripts.delete(body))
      continue
    problems.push(`a script: ${quote(element.slice(0, 120))}`)
  }
  for (const match of html.matchAll(ELEMENT_START('style'))) {
    const element = html.slice(match.index, indexOfPattern(html, /<\/style\s*>/gi, match.index))
    const body = element.slice(element.indexOf('>') + 1)
    if (element.startsWith('<style>') && RENDERED_INLINE_STYLES.includes(body)) continue
    problems.push(`a style element: ${quote(element.slice(0, 120))}`)
  }
  for (const { name, at } of tagAttributes(html)) {
    if (!INLINE_ATTRIBUTE.test(name)) continue
    const what =
      name === 'style'
        ? 'a style attribute'
        : `${name === 'srcdoc' ? 'an inline document' : 'an event handler'} (${name}=)`
    problems.push(`${what}: ${quote(html.slice(at, at + 120))}`)
  }
  return problems
}
