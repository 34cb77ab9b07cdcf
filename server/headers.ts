// The one source of the site's HTTP response headers: security policy and caching, and how a
// request path picks its rules. The build writes these rules into the static hosts' files
// (build/outputs/hosting-headers.ts) and as JSON for the local server (./static.ts), so every
// host sends the same headers.

/** What the policy has to allow: only what the site actually does. */
export interface PolicyInput {
  /** The booking dialog's embedded scheduler page (content/site.yaml `scheduler.url`). */
  schedulerUrl: string
  /** The Supabase project the forms call (VITE_SUPABASE_URL); unset means this origin. */
  supabaseUrl?: string
  /** sha256 sources ('sha256-…') of inline <script> elements found in the built HTML. */
  scriptHashes?: string[]
  /** sha256 sources of inline <style> elements found in the built HTML. */
  styleHashes?: string[]
  /** sha256 sources of style="…" attributes found in the built HTML. */
  styleAttributeHashes?: string[]
}

/** A header rule in the static hosts' shape: a path pattern (exact, or a prefix ending in /*). */
export interface HeaderRule {
  source: string
  headers: Record<string, string>
}

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate'
/** Files addressed to the static hosts (rules, not pages): never served, never given headers. */
export const HOSTING_FILES = ['_headers', '_redirects', 'vercel.json']
/** Vite writes content-hashed file names under /assets/: they never change, so cache forever. */
const HASHED_ASSETS = '/assets/*'
/** The pattern of the rule every path matches: the security headers. */
const EVERY_PATH = '/*'

const origin = (url: string) => new URL(url).origin
const unique = (values: string[]) => [...new Set(values)].sort()

export function contentSecurityPolicy(input: PolicyInput): string {
  const directives: [string, string[]][] = [
    // Everything not listed below is refused.
    ['default-src', ["'none'"]],
    // 'wasm-unsafe-eval' lets the site search (Pagefind, fetched from /pagefind/ on the first
    // search) compile its WebAssembly; it allows no JavaScript eval.
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...unique(input.scriptHashes ?? [])]],
    ['style-src', ["'self'", ...unique(input.styleHashes ?? [])]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', unique(["'self'", ...(input.supabaseUrl ? [origin(input.supabaseUrl)] : [])])],
    ['frame-src', [origin(input.schedulerUrl)]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ]
  // Server-rendered style attributes (React Aria's visually hidden elements, for instance) are
  // allowed one by one, by hash; scripts never are.
  const attributeHashes = unique(input.styleAttributeHashes ?? [])
  if (attributeHashes.length)
    directives.push(['style-src-attr', ["'unsafe-hashes'", ...attributeHashes]])
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ')
}

/** Headers every response carries. */
function securityHeaders(input: PolicyInput): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(input),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // For browsers without CSP frame-ancestors.
    'X-Frame-Options': 'DENY',
  }
}

/**
 * The rules for a built site. `revalidatedPaths` are the addresses of everything outside
 * /assets/ (pages and public files): each is revalidated on every visit. No two rules that
 * match the same path set the same header, because Netlify and Cloudflare join such values.
 */
export function headerRules(input: PolicyInput, revalidatedPaths: string[]): HeaderRule[] {
  return [
    { source: EVERY_PATH, headers: securityHeaders(input) },
    { source: HASHED_ASSETS, headers: { 'Cache-Control': CACHE_IMMUTABLE } },
    ...unique(revalidatedPaths).map((source) => ({
      source,
      headers: { 'Cache-Control': CACHE_REVALIDATE },
    })),
  ]
}

/** Whether a rule's pattern matches a request path, the way Netlify reads `_headers`. */
export function matches(source: string, pathname: string): boolean {
  if (source.endsWith('/*')) return pathname.startsWith(source.slice(0, -1))
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)
  return trim(source) === trim(pathname)
}

/** The headers for one request path: every matching rule, in order. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  return Object.assign(
    {},
    ...rules.filter((rule) => matches(rule.source, pathname)).map((rule) => rule.headers),
  )
}

/**
 * The headers every answer carries whatever its path: the security headers. The local server
 * sends them on answers that are not files (405, 400, 413, the function's, a last-resort 500).
 */
export function securityHeadersOf(rules: HeaderRule[]): Record<string, string> {
  return Object.assign(
    {},
    ...rules.filter((rule) => rule.source === EVERY_PATH).map((rule) => rule.headers),
  )
}
