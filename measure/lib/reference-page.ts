// The bare page the bench measures the site against, in the same run, from the same origin and
// under the same throttling (measure/reference/bare-page.html): one button that opens a native
// <dialog> from an inline handler, nothing else. Its figures are the floor of this machine at
// this moment, so the site's are reported as ratios to them rather than as absolute times that
// move with the machine.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { cspHash, decodeAttribute } from '../../builder/outputs/inline-sources.ts'
import { securityHeadersOf, type HeaderRule } from '../../server/headers.ts'
import { readBuiltHeaderRules } from '../../server/headers.ts'
import type { ExtraPage } from '../../server/serve-build.ts'

export const REFERENCE_PAGE_FILE = fileURLToPath(
  new URL('../reference/bare-page.html', import.meta.url),
)

/** Where the bench serves it beside the site: a path no site route can take. */
export const REFERENCE_ROUTE = '/__bench/bare-page'

/** What the tables call it. */
export const REFERENCE_NAME = 'bare page'

/** The control pressed on it: its one button. */
export const REFERENCE_SELECTOR = 'body > button'

/** What the reference must stay, so that it stays a floor (tests/unit/measure/lib/reference-page.test.ts). */
export const REFERENCE_LIMITS = { maxBytes: 1024, buttons: 1, dialogs: 1 } as const

export const readReferencePage = () => readFileSync(REFERENCE_PAGE_FILE, 'utf8')

/** The inline handlers (onclick="…") of a page, decoded: the reference's one way to run script. */
export const inlineHandlers = (html: string) =>
  [...html.matchAll(/\son[a-z]+="([^"]*)"/g)].map(([, body = '']) => decodeAttribute(body))

/**
 * The headers the reference is served with: those of every page of the site (server/headers.ts),
 * so that it pays what the site's headers cost at load. Cross-Origin-Opener-Policy alone puts a
 * page in a browsing context group, and a renderer, of its own: about 130 ms of main-thread work
 * under the mobile profile (docs/performance.md). Served without them, the reference ran in a
 * renderer the browser had warmed, and that cost was counted as the page's. Its policy is the
 * site's, with its own handler allowed by hash, since the site's allows no inline handler.
 */
export function referenceHeaders(rules: HeaderRule[], html = readReferencePage()) {
  const headers = securityHeadersOf(rules)
  const policy = headers['Content-Security-Policy']
  if (!policy) return headers
  const allowed = ["'unsafe-hashes'", ...inlineHandlers(html).map(cspHash)].join(' ')
  const directives = policy.split(/;\s*/)
  const at = directives.findIndex((directive) => directive.split(' ')[0] === 'script-src')
  if (at < 0) directives.push(`script-src ${allowed}`)
  else directives[at] = `${directives[at]} ${allowed}`
  return { ...headers, 'Content-Security-Policy': directives.join('; ') }
}

/** The reference as serveBuild's extra page beside the build in distDir, at REFERENCE_ROUTE. */
export function referencePages(distDir: string): Record<string, ExtraPage> {
  const html = readReferencePage()
  const headers = referenceHeaders(readBuiltHeaderRules(distDir), html)
  return { [REFERENCE_ROUTE]: { html, headers } }
}
