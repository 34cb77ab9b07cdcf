// The HTTP edge of the local server: what every request meets before the site or the function.
// Node's own limits stop slow and oversized clients; a request the site cannot read is answered
// here with a plain 4xx; and one guard per request turns anything that still throws into a 500.
// Every answer, from Node's parser errors to that 500, carries the security headers.
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import {
  consoleLogger,
  describeError,
  type Logger,
} from '../supabase/functions/send-contact-email/logger.ts'
import { parseRequestTarget } from './request-target.ts'

/** The limits Node enforces for us, in one place. */
export const HTTP_LIMITS = {
  /** Request line and headers together; Node's default. Past it: 431. */
  maxHeaderBytes: 16 * 1024,
  /** The whole header block must arrive within this (slowloris): 408, connection closed. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included (a 64 KB form post needs a fraction of it): 408. */
  requestTimeoutMs: 30_000,
  /** How often Node looks for connections past the two time-outs above (default 30 s). */
  connectionsCheckingIntervalMs: 1_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** After an answer that leaves a body unread: how long, and how much, to read and drop. */
  lingerMs: 1_000,
  lingerBytes: 16 * 1024 * 1024,
  lingerCheckMs: 20,
} as const

/** Serves one request; may throw or reject: the edge answers 500 then. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>

export interface EdgeOptions {
  /** The headers every answer carries (server/headers.ts `securityHeadersOf`). */
  securityHeaders: Record<string, string>
  handle: RequestHandler
  logger?: Logger
}

/** A complete answer written straight to a socket, for when Node gives no response object. */
function rawAnswer(status: number, headers: Record<string, string>): string {
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`]
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`)
  lines.push('Connection: close', 'Content-Length: 0')
  return `${lines.join('\r\n')}\r\n\r\n`
}

/** Node's codes for requests it could not parse, and the status its own handler would send. */
function statusOfClientError(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408
  return 400
}

/** Why the edge refuses a request before any handler sees it, or undefined. */
function refusalOf(req: IncomingMessage): { status: number; reason: string } | undefined {
  const target = parseRequestTarget(req.url)
  if (!target.ok) return target
  // RFC 9112 §3.2: a server must answer 400 to more than one Host, or none in HTTP/1.1.
  let hosts = 0
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i]?.toLowerCase() === 'host') hosts++
  if (hosts > 1) return { status: 400, reason: 'more than one Host header' }
  if (hosts === 0 && req.httpVersion === '1.1') return { status: 400, reason: 'no Host header' }
  // Handlers see the target in origin-form, whatever form it came in.
  req.url = `${target.pathname}${target.search}`
  return undefined
}

/**
 * Answers with `status` and a short text, and closes the connection: a request refused before
 * its body was read must not have that body read (an endless one would be read forever).
 */
export function answerAndClose(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Connection', 'close')
  const body = `${text}\n`
  // Set, not left to Node: after removeHeader('Content-Length') Node would send it chunked.
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

/**
 * Whatever answers the request, if its body has not fully arrived when the answer starts, the
 * connection closes after the answer. Otherwise Node reads the rest of the body to reuse the
 * connection, and an endless one is read forever (57 GB in 25 s after a 413, issue 38).
 */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead
  // Node's implicit header (on the first write) goes through this method too.
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) {
      this.setHeader('Connection', 'close')
      lingerBeforeClosing(req, req.socket)
    }
    return writeHead.apply(this, args)
  } as typeof writeHead
}

/**
 * A connection closed while the client is still sending is reset, and a reset makes the
 * client's system drop the answer it has not read yet: the client would see "connection reset"
 * instead of the 413. So, as Apache and nginx do ("lingering close"), the answer is followed by
 * the end of our side, what still arrives is read and dropped, and the connection is destroyed
 * when the client stops, or after LINGER bytes or time, whichever comes first.
 */
function lingerBeforeClosing(req: IncomingMessage, socket: Socket): void {
  // Node calls destroySoon() once an answer marked "Connection: close" has been written.
  socket.destroySoon = function (this: Socket) {
    this.end()
    // Node drops the rest of the body in its parser (no 'data' events): count on the socket.
    const readBefore = this.bytesRead
    const deadline = Date.now() + HTTP_LIMITS.lingerMs
    const watch = setInterval(() => {
      if (this.bytesRead - readBefore > HTTP_LIMITS.lingerBytes || Date.now() > deadline)
        this.destroy()
    }, HTTP_LIMITS.lingerCheckMs).unref()
    this.once('close', () => clearInterval(watch))
    req.once('end', () => this.destroy())
  }
}

export function createEdgeServer({
  securityHeaders,
  handle,
  logger = consoleLogger,
}: EdgeOptions): Server {
  const server = createServer(
    {
      maxHeaderSize: HTTP_LIMITS.maxHeaderBytes,
      headersTimeout: HTTP_LIMITS.headersTimeoutMs,
      requestTimeout: HTTP_LIMITS.requestTimeoutMs,
      connectionsCheckingInterval: HTTP_LIMITS.connectionsCheckingIntervalMs,
      keepAliveTimeout: HTTP_LIMITS.keepAliveTimeoutMs,
      // Node's own 400 for a missing Host has no security headers: refusalOf answers instead.
      requireHostHeader: false,
    },
    (req, res) => {
      for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value)
      closeIfBodyUnread(req, res)
      const failed = (error: unknown) => {
        logger.error('http.request_failed', {
          method: req.method,
          path: (req.url ?? '').slice(0, 200),
          error: describeError(error),
        })
        if (res.headersSent) {
          // Half an answer cannot be mended: end the connection so the client sees it failed.
          res.destroy()
          return
        }
        // Headers a handler set for the answer it meant to give (a length, an encoding) do not
        // fit this one; only the security headers stay.
        for (const name of res.getHeaderNames()) res.removeHeader(name)
        for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value)
        answerAndClose(res, 500, 'Internal error')
      }
      try {
        const refusal = refusalOf(req)
        if (refusal) {
          answerAndClose(res, refusal.status, `${STATUS_CODES[refusal.status]}: ${refusal.reason}.`)
          return
        }
        Promise.resolve(handle(req, res)).catch(failed)
      } catch (error) {
        failed(error)
      }
    },
  )

  // Requests Node could not parse (bad Content-Length, both Content-Length and
  // Transfer-Encoding, headers too large, time-outs) have no response object: answer on the
  // socket, as Node would, but with the security headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inProgress = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress?.headersSent) {
      socket.destroy()
      return
    }
    socket.end(rawAnswer(statusOfClientError(error.code), securityHeaders))
  })
  // Node answers an Expect other than 100-continue itself, without the security headers.
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value)
    answerAndClose(res, 417, 'Expectation failed: only "Expect: 100-continue" is understood.')
  })
  // CONNECT is for proxies; Node drops such a request without a word unless this answers it.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy())
    socket.end(rawAnswer(405, { ...securityHeaders, Allow: 'GET, HEAD, POST, OPTIONS' }))
  })
  return server
}
