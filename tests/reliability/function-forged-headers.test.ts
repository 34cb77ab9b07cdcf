// Forged forwarding headers (issue 38): before, the hosted function took the client address from
// the FIRST X-Forwarded-For entry, which the client writes, and 60 of 60 forged requests from
// one client passed the per-address limit of 5. Here the function runs with the hosted
// configuration exactly as index.ts builds it (hostedHandlerConfig), behind a stand-in for
// Supabase's gateway that appends the address it saw, as a proxy does.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { hostedHandlerConfig } from '../../supabase/functions/send-contact-email/config.ts'
import {
  formBody,
  ORIGIN,
  postTo,
  startFunctionServer,
  storedRequests,
  type FunctionServer,
} from './function-server.ts'
import { timeLimit } from '../harness/time-limit.ts'

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  while (stops.length) await stops.pop()!()
})

/** A proxy that appends the caller's socket address to X-Forwarded-For and passes the request on. */
async function startGateway(target: string): Promise<string> {
  const gateway = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || name === 'host' || name === 'connection') continue
        for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
      }
      const forwarded = headers.get('x-forwarded-for')
      const seen = req.socket.remoteAddress ?? 'unknown'
      headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${seen}` : seen)
      fetch(target, { method: req.method, headers, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          res.writeHead(answer.status, Object.fromEntries(answer.headers))
          res.end(Buffer.from(await answer.arrayBuffer()))
        })
        .catch(() => res.writeHead(502).end())
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  stops.push(async () => {
    gateway.closeAllConnections()
    await new Promise<void>((resolve) => gateway.close(() => resolve()))
  })
  return `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/`
}

async function server(config?: Parameters<typeof startFunctionServer>[0]): Promise<FunctionServer> {
  const started = await startFunctionServer(config)
  stops.push(() => started.close())
  return started
}

const forgedHeaders = (index: number) => ({
  // Every trick a client has: a fresh first entry, a list, spaces, a private and an IPv6 address.
  'x-forwarded-for': [
    `10.${index}.0.1`,
    `203.0.113.${index}, 198.51.100.${index}`,
    ` 192.0.2.${index} ,10.0.0.${index}`,
    `2001:db8::${index.toString(16)}`,
  ][index % 4]!,
})

it(
  'hosted configuration behind the gateway: 60 forged requests from one client, 5 pass',
  async () => {
    // The hosted limits; the site's origin is this machine's, which a hosted list refuses (http).
    const hosted = { ...hostedHandlerConfig(() => undefined), allowedOrigins: [ORIGIN] }
    expect(hosted.trustedProxyHops).toBe(1)
    const fn = await server({ config: hosted })
    const gateway = await startGateway(fn.url)

    const statuses: number[] = []
    for (let index = 0; index < 60; index++) {
      const response = await postTo(gateway, formBody, forgedHeaders(index))
      statuses.push(response.status)
      await response.body?.cancel()
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(55)
    const rows = await storedRequests(fn.dataDir)
    expect(rows).toHaveLength(5)
    // Every stored request counted against the one real client.
    expect(new Set(rows.map((row) => row.clientHash)).size).toBe(1)
    // 60 requests through two servers on a shared 2-core machine.
  },
  timeLimit(120_000),
)

it('hosted configuration: two clients behind the gateway are told apart by what it appended', async () => {
  const hosted = { ...hostedHandlerConfig(() => undefined), allowedOrigins: [ORIGIN] }
  const fn = await server({ config: hosted })
  // The test plays the gateway itself: the last entry is the one a proxy appended.
  for (const client of ['198.51.100.1', '198.51.100.2']) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postTo(fn.url, formBody, {
        'x-forwarded-for': `6.6.6.${attempt}, ${client}`,
      })
      expect(response.status).toBe(200)
      await response.body?.cancel()
    }
    const sixth = await postTo(fn.url, formBody, { 'x-forwarded-for': `7.7.7.7, ${client}` })
    expect(sixth.status).toBe(429)
    await sixth.body?.cancel()
  }
})

it('the local server (no trusted proxy) ignores X-Forwarded-For: the socket is the client', async () => {
  const fn = await server()
  const statuses: number[] = []
  for (let index = 0; index < 12; index++) {
    const response = await postTo(fn.url, formBody, forgedHeaders(index))
    statuses.push(response.status)
    await response.body?.cancel()
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(5)
  expect(statuses.filter((status) => status === 429)).toHaveLength(7)
})
