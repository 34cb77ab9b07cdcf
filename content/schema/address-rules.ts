// Which addresses a page may link to or load, wherever they are written: an MDX body's links and
// pictures (./body-rules.ts), YAML fields (./fields.ts `safeAddress`) and illustrations
// (./asset-folders.ts). An address opens a page, never runs something, and an address of another
// site is written in full.

/** The address schemes a link or picture may use; an address without one is a path or anchor. */
export const ADDRESS_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const

/** Why some schemes are refused, in a writer's words; any other gets the generic sentence. */
const REFUSED_SCHEMES: Record<string, string> = {
  javascript: 'runs code in the reader’s browser, which content can’t do',
  vbscript: 'runs code in the reader’s browser, which content can’t do',
  data: 'puts a whole file inside the address; pictures go in the images/ folder and are written "./images/file.png"',
}

// The control characters and spaces of the WHATWG URL standard, which browsers strip.
// eslint-disable-next-line no-control-regex
const EDGE_SPACE = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g
// eslint-disable-next-line no-control-regex
const CONTROL_IN_SCHEME = /^[^:/?#]*[\u0000-\u001f\u007f]/

/**
 * The scheme a browser would read from `address` ("javascript" for "Java&#9;Script :…" once
 * entities are decoded, as the Markdown and YAML readers do), or undefined for a path, an anchor
 * or a query. Browsers drop leading and trailing control characters and spaces, and every tab
 * and newline inside (WHATWG URL), so they are dropped here too before the scheme is read.
 */
export function addressScheme(address: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(browserReads(address))?.[1]?.toLowerCase()
}

/** `address` as a browser reads it: edge spaces and controls, and tabs and newlines, dropped. */
const browserReads = (address: string) => address.replace(EDGE_SPACE, '').replace(/[\t\n\r]/g, '')

/** What is wrong with an address a page would link to or load, or undefined when it may. */
export function addressProblem(address: string): string | undefined {
  const scheme = addressScheme(address)
  if (scheme !== undefined && !(ADDRESS_SCHEMES as readonly string[]).includes(scheme)) {
    const why = own(REFUSED_SCHEMES, scheme)
    return why
      ? `a "${scheme}:" address ${why}: link to a page (https://… or a path of this site such as /about) instead`
      : `"${scheme}:" addresses can’t be used: links go to https://…, a path of this site such as /about, mailto: or tel:`
  }
  // "//host/…" (and "\\host", which browsers read the same) opens another site while it looks
  // like a path of this one: an address of another site is written in full.
  if (scheme === undefined && /^[/\\]{2}/.test(browserReads(address)))
    return `"${printable(address)}" opens another site: write its address in full, starting with https://, or a path of this site starting with a single /`
  // Characters a browser would drop, hidden where the scheme is read: never a writer's intent.
  if (CONTROL_IN_SCHEME.test(address))
    return `the address "${printable(address)}" holds invisible control characters: retype it`
  return undefined
}

const printable = (text: string) =>
  text.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** `record[key]`, never a property every object inherits ("constructor"). */
export const own = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined
