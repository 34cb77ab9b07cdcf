// Who may call the editing UI's API on the dev server: its own /admin page, and nothing else.
// Every page a writer opens can send requests to 127.0.0.1, and a "simple" cross-origin request
// (a text/plain POST) reaches the server without any preflight, so the API refuses, before it
// reads a body, any request that does not come from a page of this very server:
// - the Host must be the server's own address (a DNS-rebinding page names its own domain);
// - the Origin must be present and be that address (browsers send it on every POST; Decap's
//   proxy backend posts all its calls), and Sec-Fetch-Site, when sent, must be same-origin;
// - only POST with an application/json body, which another site cannot send without a
//   preflight, and no preflight is granted (OPTIONS is refused, no CORS headers are set).
import type { IncomingHttpHeaders } from 'node:http'

export interface GuardedRequest {
  method?: string | undefined
  headers: IncomingHttpHeaders
}

export interface Refusal {
  status: 403 | 405 | 415
  error: string
}

/** The server's own addresses, as a Host header writes them ("127.0.0.1:3000"). */
export interface OwnServer {
  protocol: 'http' | 'https'
  hosts: ReadonlySet<string>
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']
/** Hosts that mean "every interface": no request names them. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]'])

/**
 * The Host values that reach this server on `port`: its loopback names and the `names` it was
 * configured with or listens on (an IPv6 address is bracketed, as in a Host header).
 */
export function ownServer(
  port: number,
  names: Iterable<string>,
  protocol: OwnServer['protocol'] = 'http',
): OwnServer {
  const hosts = new Set<string>()
  const defaultPort = protocol === 'https' ? 443 : 80
  for (const raw of [...LOOPBACK, ...names]) {
    const name = raw.includes(':') && !raw.startsWith('[') ? `[${raw}]` : raw
    if (!name || WILDCARDS.has(name)) continue
    hosts.add(`${name.toLowerCase()}:${port}`)
    // A browser leaves the default port out of Host and Origin.
    if (port === defaultPort) hosts.add(name.toLowerCase())
  }
  return { protocol, hosts }
}

/** Why `request` is refused, or undefined when it comes from the server's own page. */
export function refusal(request: GuardedRequest, own: OwnServer): Refusal | undefined {
  const { headers } = request
  const host = headers.host?.toLowerCase()
  if (!host || !own.hosts.has(host))
    return forbidden(
      `the Host header ${host ? `"${host}"` : '(none)'} is not this dev server's address ` +
        `(${[...own.hosts].join(', ')}), so the request did not come from the editor's own page`,
    )
  const site = headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin')
    return forbidden(
      `Sec-Fetch-Site is "${String(site)}": the editor's API answers only its own page (same-origin)`,
    )
  const origin = headers.origin
  if (!origin)
    return forbidden(
      "no Origin header: the editor's API answers only its own page, whose requests carry one",
    )
  const expected = `${own.protocol}://${host}`
  if (origin.toLowerCase() !== expected)
    return forbidden(
      `Origin ${origin} is not this dev server (${expected}): the editor's API answers only its own page`,
    )
  if (request.method !== 'POST')
    return {
      status: 405,
      error: `${request.method ?? 'a request without a method'} is not answered: the editor's API takes POST with a JSON body`,
    }
  const type = mediaType(headers['content-type'])
  if (type !== 'application/json')
    return {
      status: 415,
      error: `Content-Type ${type ? `"${type}"` : '(none)'} is not read: the editor's API takes application/json only`,
    }
  return undefined
}

const forbidden = (error: string): Refusal => ({ status: 403, error })

/** "application/json" of "Application/JSON; charset=utf-8". */
function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0]!.trim().toLowerCase() || undefined
}
