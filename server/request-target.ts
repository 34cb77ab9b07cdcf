// The request target (the second word of the request line) read the way RFC 9112 §3.2 allows
// it, without trusting the WHATWG URL parser with it: `new URL('//host', base)` is a different
// host and `new URL('///', base)` throws, and either used to end a request in a 500.

/** Longer targets are refused with 414 before any work; nginx's default limit is the same. */
export const MAX_TARGET_BYTES = 8 * 1024

export type RequestTarget =
  { ok: true; pathname: string; search: string } | { ok: false; status: 400 | 414; reason: string }

/**
 * Origin-form (`/path?query`, any number of slashes) or absolute-form (`http://host/path`,
 * which a server must accept from proxies); anything else, `*` included, is a bad request.
 * The pathname keeps its percent-escapes: decoding is the file lookup's business.
 */
export function parseRequestTarget(target: string | undefined): RequestTarget {
  if (!target) return { ok: false, status: 400, reason: 'empty request target' }
  if (Buffer.byteLength(target) > MAX_TARGET_BYTES)
    return {
      ok: false,
      status: 414,
      reason: `request target longer than ${MAX_TARGET_BYTES} bytes`,
    }
  let url: URL
  try {
    if (target.startsWith('/')) url = new URL(`http://localhost${target}`)
    else if (/^https?:\/\//i.test(target)) url = new URL(target)
    else return { ok: false, status: 400, reason: 'request target is not a path' }
  } catch {
    return { ok: false, status: 400, reason: 'malformed request target' }
  }
  // The URL parser resolves dot segments (/a/../b) and, in absolute-form, reads "\" as "/": a
  // path the file lookup and the route guard then see plainly.
  return { ok: true, pathname: url.pathname, search: url.search }
}
