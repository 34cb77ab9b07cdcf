// Who sent a request, as far as the function may know: the client's address (hashed with a salt
// before it is kept, for the rate limit) and the page it was sent from.
import type { HandlerConfig } from './config.ts'

/** What the server knows about the connection beyond the request itself. */
export interface ConnectionInfo {
  clientAddress?: string
}

/**
 * The client's address: with `trustedProxyHops` proxies in front, the entry the outermost trusted
 * proxy appended to the forwarding header, counted from the right. What the client wrote itself
 * sits further left and is never read. A header with fewer entries than that did not come
 * through the proxies as configured: the socket address is used, never a client-written entry.
 */
export function clientAddressOf(
  headers: Headers,
  connection: ConnectionInfo | undefined,
  config: Pick<HandlerConfig, 'trustedProxyHops' | 'clientAddressHeader'>,
): string {
  const socket = connection?.clientAddress ?? 'unknown'
  if (config.trustedProxyHops === 0) return socket
  // Several header lines of one name arrive joined with ', ', in order, as one list.
  const entries = (headers.get(config.clientAddressHeader) ?? '')
    .split(',')
    .map((entry) => entry.trim())
  const added = entries[entries.length - config.trustedProxyHops]
  return entries.length >= config.trustedProxyHops && added ? added : socket
}

/** The longest page address kept. */
const PAGE_MAX = 500

// Only the page's origin and path: query strings can carry things that are not ours to keep.
function refererPage(referer: string | null): string | null {
  if (!referer) return null
  try {
    const url = new URL(referer)
    return `${url.origin}${url.pathname}`.slice(0, PAGE_MAX)
  } catch {
    return null
  }
}

/**
 * The address of the page a request was sent from. The form's page path (already checked for
 * the site's shape by the request schema) joined to the request's Origin, when that is one of
 * ALLOWED_ORIGINS: across origins, the browser's referrer policy (strict-origin-when-cross-origin)
 * leaves only the origin in the Referer. Without both, the Referer's origin and path, which is
 * the whole address only from the same origin (the local server), or null: never an address
 * made of an origin the site does not have.
 */
export function pageOf(
  pagePath: string | undefined,
  headers: Headers,
  allowedOrigins: readonly string[],
): string | null {
  const origin = headers.get('origin')
  if (pagePath !== undefined && origin !== null && allowedOrigins.includes(origin))
    return `${origin}${pagePath}`.slice(0, PAGE_MAX)
  return refererPage(headers.get('referer'))
}
