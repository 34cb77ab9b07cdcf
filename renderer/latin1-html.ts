// Every page's HTML is written with no character above U+00FF: V8 keeps a string whose
// characters all fit in Latin-1 at one byte a character and any other string at two, so a
// single curly quote in the page's words (the search's "No pages match “{query}”", a heading
// link's "Link to “…”") doubled the memory of every page the build holds. Each page is held
// several times over (rendered, sent to the main thread, scanned, sent to Pagefind), each copy
// at half the size this way. Browsers, crawlers and Pagefind read the same text either way.

const BEYOND_LATIN1 = /[\u0100-\uffff]/
// Tag names in any case, spelt out: with the `i` flag, the range below would also match "s"
// and "k" (they fold with U+017F ſ and U+212A K).
const SCRIPT = '[Ss][Cc][Rr][Ii][Pp][Tt]'
const STYLE = '[Ss][Tt][Yy][Ll][Ee]'
const element = (name: string) => `<(${name})\\b[^>]*>[\\s\\S]*?<\\/${name}\\s*>`
/**
 * A script or a style element whole, or a run of characters beyond Latin-1 in markup. Matched by
 * UTF-16 code unit, without the `u` flag, which took twice as long over a 65 KB page: both halves
 * of a surrogate pair are beyond Latin-1, so a run never splits a character.
 */
const PARTS = new RegExp(`${element(SCRIPT)}|${element(STYLE)}|[\\u0100-\\uffff]+`, 'g')
/** In a script, each UTF-16 code unit (an astral character is two, as JavaScript escapes it);
 * in a style, each character. */
const UNIT_BEYOND_LATIN1 = /[\u0100-\uffff]/g
const CHARACTER_BEYOND_LATIN1 = /[\u0100-\u{10ffff}]/gu

const hex = (code: number) => code.toString(16).toUpperCase()

/**
 * `html` with each character above U+00FF written as a character reference (`&#x201C;`), or
 * inside a script as a JavaScript escape (`\u201C`, which JSON reads too) and inside a style as a
 * CSS escape (`\201C `): references are not read there.
 */
export function toLatin1Html(html: string): string {
  if (!BEYOND_LATIN1.test(html)) return html
  const written = html.replace(PARTS, (part: string, script?: string, style?: string) => {
    if (script === undefined && style === undefined)
      return Array.from(part, (character) => `&#x${hex(character.codePointAt(0)!)};`).join('')
    return script !== undefined
      ? part.replace(UNIT_BEYOND_LATIN1, (unit) => `\\u${hex(unit.charCodeAt(0)).padStart(4, '0')}`)
      : part.replace(CHARACTER_BEYOND_LATIN1, (character) => `\\${hex(character.codePointAt(0)!)} `)
  })
  // Made again from its bytes: V8 keeps what replace() returns for a two-byte string at two
  // bytes a character, even when every character now fits in one.
  return Buffer.from(written, 'latin1').toString('latin1')
}
