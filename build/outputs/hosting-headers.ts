// The header rules of server/headers.ts in each static host's own file format: `_headers`
// (Netlify, Cloudflare Pages) and the `headers` of vercel.json. Written by ./build-artifacts.ts.
import type { HeaderRule } from '../../server/headers.ts'

/** `_headers` for Netlify and Cloudflare Pages. */
export function toHeadersFile(rules: HeaderRule[]): string {
  return (
    rules
      .map(
        (rule) =>
          `${rule.source}\n${Object.entries(rule.headers)
            .map(([name, value]) => `  ${name}: ${value}`)
            .join('\n')}`,
      )
      .join('\n\n') + '\n'
  )
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
