// The header rules of server/headers.ts in each static host's own file format: `_headers`
// (Netlify, Cloudflare) and the `headers` of vercel.json. Written by ./build-artifacts.ts.
import { CACHE_REVALIDATE, type HeaderRule } from '../../server/headers.ts'

/**
 * Cloudflare's limits on `_headers` (Pages and Workers static assets): past them rules are
 * dropped, so the build stops instead of deploying a site without its headers.
 */
export const HEADERS_FILE_LIMITS = { rules: 100, lineCharacters: 2000 }

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
  const blocks = kept.map(
    (rule) =>
      `${rule.source}\n${Object.entries(rule.headers)
        .map(([name, value]) => `  ${name}: ${value}`)
        .join('\n')}`,
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

/** The `headers` section of vercel.json (path-to-regexp sources). */
function toVercelHeaders(rules: HeaderRule[]) {
  return rules.map((rule) => ({
    source: rule.source.endsWith('/*') ? `${rule.source.slice(0, -1)}(.*)` : rule.source,
    headers: Object.entries(rule.headers).map(([key, value]) => ({ key, value })),
  }))
}

/**
 * Sets the `headers` of a vercel.json, keeping everything else in it (the route guard's
 * `redirects` are written into the same file by build/outputs/hosting-redirects.ts).
 */
export function mergeVercelConfig(existing: string | undefined, rules: HeaderRule[]): string {
  const config = existing ? (JSON.parse(existing) as Record<string, unknown>) : {}
  return JSON.stringify({ ...config, headers: toVercelHeaders(rules) }, null, 2) + '\n'
}
