// The header rules of server/headers.ts in each static host's own file format: `_headers`
// (Netlify, Cloudflare) and the `headers` of vercel.json. Written by ../prerender/build-artifacts.ts.
//
// A rule's `except` (the public site's headers, everywhere but the editor's section) has no
// spelling in `_headers`, whose patterns are prefixes and placeholders only: there, each excepted
// pattern's own rule (the editor's page, and below it), written after it, first drops those
// headers with Cloudflare's `! Name` lines, then sets its own. Cloudflare applies matching rules in order, each one's drops before
// its values (workers-shared asset-worker, getHeaders), so no value is ever joined to another.
// Netlify has no `!` (not tried here; the deploy host is Cloudflare: docs/deploy.md). vercel.json
// takes regular expressions, so there the exception is a negative lookahead.
import { CACHE_REVALIDATE, type HeaderRule } from '../../server/headers.ts'
import { HOST_LIMITS } from './host-limits.ts'

/**
 * Cloudflare's limits on `_headers` (Pages and Workers static assets): past them rules are
 * dropped, so the build stops instead of deploying a site without its headers.
 */
const HEADERS_FILE_LIMITS = HOST_LIMITS.headersFile

/** A rule that only says what Netlify and Cloudflare send anyway: revalidate on every visit. */
const restatesHostDefault = (rule: HeaderRule) =>
  Object.keys(rule.headers).length === 1 && rule.headers['Cache-Control'] === CACHE_REVALIDATE

/**
 * `_headers` for Netlify and Cloudflare (Pages, Workers static assets). The per-path revalidate
 * rules are left out: both hosts send that Cache-Control by default, and one rule per page
 * passed Cloudflare's 100 rules at 43 pages.
 */
export function toHeadersFile(rules: HeaderRule[]): string {
  const kept = rules.filter((rule) => !restatesHostDefault(rule))
  const drops = droppedHeaders(kept)
  const blocks = kept.map((rule) =>
    [
      rule.source,
      ...(drops.get(rule) ?? []).map((name) => `  ! ${name}`),
      ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`),
    ].join('\n'),
  )
  if (kept.length > HEADERS_FILE_LIMITS.rules)
    throw new Error(
      `_headers would hold ${kept.length} rules; Cloudflare applies at most ${HEADERS_FILE_LIMITS.rules}: merge rules in server/headers.ts`,
    )
  const long = blocks
    .flatMap((block) => block.split('\n'))
    .find((line) => line.length > HEADERS_FILE_LIMITS.lineCharacters)
  if (long)
    throw new Error(
      `a _headers line is ${long.length} characters, over Cloudflare's ${HEADERS_FILE_LIMITS.lineCharacters}: ${long.slice(0, 80)}…`,
    )
  return blocks.join('\n\n') + '\n'
}

/**
 * For each rule that is another's exception, the headers it must drop first: those of the
 * earlier rule that excepts its pattern. Every exception must be a later rule's own pattern.
 */
function droppedHeaders(rules: HeaderRule[]): Map<HeaderRule, string[]> {
  const drops = new Map<HeaderRule, string[]>()
  rules.forEach((rule, index) => {
    for (const away of rule.except ?? []) {
      const section = rules.slice(index + 1).find((later) => later.source === away)
      if (!section)
        throw new Error(
          `the header rule ${rule.source} leaves ${away} to a rule of its own, and no later rule has that pattern`,
        )
      drops.set(section, [...(drops.get(section) ?? []), ...Object.keys(rule.headers)])
    }
  })
  return drops
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * What a prefix pattern's * stands for on Vercel, whose path-to-regexp lets every source match
 * its path with a trailing slash too (there the exact /admin takes /admin/): one character at
 * least below a folder that has an exact rule of its own, which keeps its address with the
 * slash; anything elsewhere.
 */
function starOf(pattern: string, rules: readonly HeaderRule[]): string {
  const folder = pattern.slice(0, -'/*'.length)
  return pattern.endsWith('/*') && rules.some((rule) => rule.source === folder) ? '.+' : '.*'
}

/**
 * A `_headers` pattern as a vercel.json source, among `rules`. Exceptions under a prefix become
 * a negative lookahead that says the same of each: "/*" except "/admin" and "/admin/*" →
 * "/((?!admin/?$|admin/.).*)".
 */
export function vercelSource(rule: HeaderRule, rules: readonly HeaderRule[] = [rule]): string {
  if (!rule.source.endsWith('*')) return rule.source
  const prefix = rule.source.slice(0, -1)
  const away = (rule.except ?? []).map((pattern) => {
    const rest = pattern.slice(prefix.length)
    if (!pattern.startsWith(prefix) || rest.slice(0, -1).includes('*'))
      throw new Error(`vercel.json cannot say "${rule.source} except ${pattern}"`)
    if (!rest.endsWith('*')) return `${escapeRegex(rest)}/?$`
    return `${escapeRegex(rest.slice(0, -1))}${starOf(pattern, rules) === '.+' ? '.' : ''}`
  })
  const lookahead = away.length ? `(?!${away.join('|')})` : ''
  return `${prefix}(${lookahead}${starOf(rule.source, rules)})`
}

/** The `headers` section of vercel.json (path-to-regexp sources). */
function toVercelHeaders(rules: HeaderRule[]) {
  return rules.map((rule) => ({
    source: vercelSource(rule, rules),
    headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
  }))
}

/**
 * Sets the `headers` of a vercel.json, keeping everything else in it (the route guard's
 * `redirects` are written into the same file by builder/outputs/hosting-redirects.ts).
 */
export function mergeVercelConfig(existing: string | undefined, rules: HeaderRule[]): string {
  const config = existing ? (JSON.parse(existing) as Record<string, unknown>) : {}
  return JSON.stringify({ ...config, headers: toVercelHeaders(rules) }, null, 2) + '\n'
}
