// The route guard of §2.2, as one pure function over the route list. The local server, the
// generated hosting rules and the not-found page's script all decide with it, so an unknown
// address is treated the same wherever it lands. No page copy here: it ships to the browser.

/** What to do with a requested address. */
export type GuardDecision =
  | { action: 'serve'; path: string }
  | { action: 'redirect'; to: string; reason: GuardReason }
  | { action: 'not-found'; reason: 'unlisted' | 'malformed' | 'too-long' }

export type GuardReason =
  /** Same page, canonical spelling: trailing slash, double slashes, upper case, encoding. */
  | 'canonical'
  /** A segment that looks like a domain (".com/"): a mangled external link. */
  | 'domain-like'
  /** A link-wrapper path (/l.php, /sharer, /url …) or a Facebook click id. */
  | 'link-wrapper'
  /** The longest listed route that is a prefix of the address. */
  | 'prefix'

/**
 * The query parameter a redirect adds to its target, naming the address it came from, so that
 * the page a visitor lands on can say so in the console (./guard-notice.ts), wherever the
 * redirect happened: the local server, a static host's rules, or the not-found page's script.
 */
export const REDIRECTED_FROM_PARAM = 'redirected_from'

/**
 * Where a redirect sends the browser. A canonical spelling goes to the same page with its query
 * kept and permanently (301): no note is added there, so that browsers and search engines
 * never cache a tracking-like parameter on a page's own address.
 */
export function redirectLocation(
  decision: Extract<GuardDecision, { action: 'redirect' }>,
  pathname: string,
  search: string,
): string {
  if (decision.reason === 'canonical') return decision.to + search
  return `${decision.to}?${REDIRECTED_FROM_PARAM}=${encodeURIComponent(pathname)}`
}

/** Longer paths are not worth reading: answered as not found without further work. */
export const MAX_PATH_LENGTH = 2048

/** "/x.com/", "/www.example.org/…": a domain pasted into a path. */
const DOMAIN_LIKE = /\.(com|org|net|io)(\/|$)/i

/**
 * Paths that social networks and search engines use to wrap outbound links. Entries ending in
 * "/" or containing "." match as plain prefixes; bare words match a whole first segment, so
 * "/s" catches "/s/…" and "/s?…" but never a real page such as "/services".
 */
export const LINK_WRAPPER_PREFIXES = [
  '/l/',
  '/l.php',
  '/sharer',
  '/share',
  '/dialog/',
  '/search',
  '/url',
  '/imgres',
  '/amp',
  '/s',
  '/u/',
  '/redirect/',
  '/go/',
  '/links/',
] as const

const isWrapper = (path: string) =>
  LINK_WRAPPER_PREFIXES.some((prefix) =>
    prefix.endsWith('/') || prefix.includes('.')
      ? path.startsWith(prefix)
      : path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`),
  )

/** Decodes percent-escapes (undefined when malformed), folds slashes, drops a trailing one. */
function normalizePath(pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (decoded.includes('\0')) return undefined
  const folded = `/${decoded.split('/').filter(Boolean).join('/')}`
  return folded
}

/**
 * Decides what to do with `pathname` (and its `search`, for fbclid=) given the listed routes.
 * Listed routes are served as they are, whatever their query string: Facebook appends fbclid to
 * ordinary shared links, and those pages exist.
 */
export function guardRoute(
  pathname: string,
  search: string,
  routes: readonly string[],
): GuardDecision {
  const listed = new Set(routes)
  if (listed.has(pathname)) return { action: 'serve', path: pathname }
  if (pathname.length > MAX_PATH_LENGTH) return { action: 'not-found', reason: 'too-long' }

  const path = normalizePath(pathname)
  if (path === undefined) return { action: 'not-found', reason: 'malformed' }
  const segments = path.split('/')
  if (segments.includes('..') || segments.includes('.'))
    return { action: 'not-found', reason: 'malformed' }

  const lower = path.toLowerCase()
  if (listed.has(path)) return { action: 'redirect', to: path, reason: 'canonical' }
  if (listed.has(lower)) return { action: 'redirect', to: lower, reason: 'canonical' }

  if (DOMAIN_LIKE.test(path)) return { action: 'redirect', to: '/', reason: 'domain-like' }
  if (isWrapper(lower) || /fbclid=/i.test(`${path}${safeDecode(search)}`))
    return { action: 'redirect', to: '/', reason: 'link-wrapper' }

  const prefix = longestListedPrefix(lower, routes)
  if (prefix) return { action: 'redirect', to: prefix, reason: 'prefix' }
  return { action: 'not-found', reason: 'unlisted' }
}

/** The longest listed route, other than "/", that is a whole-segment prefix of `path`. */
function longestListedPrefix(path: string, routes: readonly string[]): string | undefined {
  let best: string | undefined
  for (const route of routes) {
    if (route === '/' || !path.startsWith(`${route}/`)) continue
    if (!best || route.length > best.length) best = route
  }
  return best
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
