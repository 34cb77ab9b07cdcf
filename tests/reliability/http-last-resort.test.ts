// The per-request guard of server/http-edge.ts: whatever a handler throws, the answer is a 500
// with the security headers (or, past the headers, an ended connection), the error is logged,
// and the server answers the next request. The real handlers no longer throw on any input the
// other http-* suites send, so the guard is tried here with handlers that do.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { createEdgeServer, type RequestHandler } from '../../server/http-edge.ts'
import { expectSecurityHeaders, rawRequest, requestText, SECURITY_HEADERS } from './http-server.ts'

let server: Server | undefined
const logged: { event: string; fields?: Record<string, unknown> }[] = []

afterEach(async () => {
  logged.length = 0
  await new Promise((resolve) => server?.close(resolve))
  server?.closeAllConnections()
})

/** An edge whose handler fails on /fail and answers "ok" elsewhere. */
async function edgeFailingWith(fail: RequestHandler): Promise<number> {
  server = createEdgeServer({
    securityHeaders: SECURITY_HEADERS,
    handle: (req, res) => (req.url === '/fail' ? fail(req, res) : void res.end('ok')),
    logger: {
      info: () => {},
      error: (event, fields) => logged.push({ event, fields }),
    },
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

const failures: [string, RequestHandler][] = [
  [
    'a synchronous throw',
    () => {
      throw new Error('boom')
    },
  ],
  ['a rejected promise', () => Promise.reject(new Error('boom'))],
  [
    'a throw after the handler set its own headers',
    (_req, res) => {
      res.setHeader('Content-Length', '999')
      res.setHeader('Content-Encoding', 'br')
      throw new Error('boom')
    },
  ],
]

it.each(failures)('answers 500 with the security headers on %s', async (_label, fail) => {
  const port = await edgeFailingWith(fail)
  const response = await rawRequest(port, requestText('GET', '/fail'))
  expect(response.status).toBe(500)
  expectSecurityHeaders(response, 'last resort')
  expect(response.headers.get('content-encoding')).toBeUndefined()
  expect(response.body).toBe('Internal error\n')
  expect(logged).toMatchObject([{ event: 'http.request_failed', fields: { path: '/fail' } }])
  expect((await rawRequest(port, requestText('GET', '/'))).body).toBe('ok')
})

it('ends the connection when the handler fails after the headers went out', async () => {
  const port = await edgeFailingWith(async (_req, res) => {
    res.writeHead(200, { 'Content-Length': '100' })
    res.write('half')
    throw new Error('boom')
  })
  const response = await rawRequest(port, requestText('GET', '/fail'))
  expect(response.status).toBe(200)
  expect(response.closedByServer).toBe(true)
  expect(response.body).toBe('half')
  expect(logged).toHaveLength(1)
  expect((await rawRequest(port, requestText('GET', '/'))).body).toBe('ok')
})
