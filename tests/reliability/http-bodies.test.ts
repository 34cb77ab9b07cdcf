// Bodies the server must stop reading: once the answer is decided (413, 400, 415, 405) the
// connection closes after it, however much the client still sends.
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { HTTP_LIMITS } from '../../server/http-edge.ts'
import {
  expectSecurityHeaders,
  expectStillServing,
  FUNCTION_PATH,
  rawRequest,
  type RawResponse,
  requestText,
  serverForFile,
} from './http-server.ts'

/** Far more than any answer needs: sending stops here if the server never closes. */
const SEND_CAP_BYTES = 512 * 1024 * 1024
/**
 * What a closed connection still lets a client push: what the server reads and drops after
 * its answer (its lingering close), plus the kernel's socket buffers on both sides.
 */
const MAX_SENT_BYTES = HTTP_LIMITS.lingerBytes + 16 * 1024 * 1024

const server = serverForFile()

interface Flood {
  /** The answer as the client received it. */
  answer: string
  /** Bytes the client managed to hand to the connection. */
  sent: number
  /** Whether the server ended the connection before the cap. */
  closed: boolean
}

/** Sends `head`, then `chunk` again and again until the server closes or the cap is reached. */
function flood(port: number, head: string, chunk: Buffer): Promise<Flood> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let answer = ''
    let sent = 0
    let closed = false
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')))
    const done = () => resolve({ answer, sent, closed })
    socket.on('close', () => {
      closed = sent < SEND_CAP_BYTES
      done()
    })
    socket.on('error', () => socket.destroy())
    // One chunk per turn of the event loop: the client reads what arrives while it sends, as a
    // browser does (a loop of writes alone would never read the answer).
    const pump = () => {
      if (socket.destroyed) return
      if (sent >= SEND_CAP_BYTES) {
        socket.destroy()
        return
      }
      sent += chunk.length
      if (socket.write(chunk)) setImmediate(pump)
      else socket.once('drain', pump)
    }
    socket.write(head)
    pump()
  })
}

function answerOf(flooded: Flood): RawResponse {
  const end = flooded.answer.indexOf('\r\n\r\n')
  const [statusLine = '', ...lines] = flooded.answer.slice(0, end).split('\r\n')
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const
    }),
  )
  return {
    status: Number(statusLine.split(' ')[1]),
    headers,
    body: flooded.answer.slice(end + 4),
    closedByServer: flooded.closed,
  }
}

const JSON_HEADERS = ['Content-Type: application/json']
/** One 16 KB chunk of a chunked body. */
const bodyChunk = (fill: string) => Buffer.from(`4000\r\n${fill.repeat(16 * 1024)}\r\n`)

describe('endless bodies', () => {
  const cases: { label: string; head: string; chunk: Buffer; status: number }[] = [
    {
      label: 'an endless chunked body to the function (413 after 64 KB)',
      head: requestText('POST', FUNCTION_PATH, [...JSON_HEADERS, 'Transfer-Encoding: chunked']),
      chunk: bodyChunk('a'),
      status: 413,
    },
    {
      label: 'a declared 10 GB body to the function (413 before reading)',
      head: requestText('POST', FUNCTION_PATH, [...JSON_HEADERS, 'Content-Length: 10000000000']),
      chunk: Buffer.alloc(64 * 1024, 'a'),
      status: 413,
    },
    {
      label: 'an endless body that is not JSON (415)',
      head: requestText('POST', FUNCTION_PATH, [
        'Content-Type: text/plain',
        'Transfer-Encoding: chunked',
      ]),
      chunk: bodyChunk('b'),
      status: 415,
    },
    {
      label: 'an endless body to a page (405)',
      head: requestText('POST', '/', ['Transfer-Encoding: chunked']),
      chunk: bodyChunk('c'),
      status: 405,
    },
    {
      label: 'an endless body on a GET of a page (the page, then closed)',
      head: requestText('GET', '/', ['Transfer-Encoding: chunked']),
      chunk: bodyChunk('d'),
      status: 200,
    },
  ]

  it.each(cases)('$label', async ({ label, head, chunk, status }) => {
    const flooded = await flood(server().port, head, chunk)
    const response = answerOf(flooded)
    expect(response.status, label).toBe(status)
    expectSecurityHeaders(response, label)
    expect(response.headers.get('connection')?.toLowerCase(), label).toBe('close')
    expect(flooded.closed, `${label}: the server closed the connection`).toBe(true)
    expect(flooded.sent, `${label}: bytes the client could send`).toBeLessThan(MAX_SENT_BYTES)
    await expectStillServing(server(), label)
  })
})

describe('bodies that end', () => {
  it('refuses a body that is not JSON with 400, and keeps the connection', async () => {
    const body = '{"name": '
    const response = await rawRequest(
      server().port,
      requestText('POST', FUNCTION_PATH, [...JSON_HEADERS, `Content-Length: ${body.length}`]) +
        body,
    )
    expect(response.status).toBe(400)
    expectSecurityHeaders(response, 'bad JSON')
    expect(response.closedByServer).toBe(false)
    await expectStillServing(server(), 'bad JSON')
  })

  it('answers a body shorter than its Content-Length when the client gives up', async () => {
    const socket = net.connect(server().port, '127.0.0.1')
    socket.write(requestText('POST', FUNCTION_PATH, [...JSON_HEADERS, 'Content-Length: 100']))
    socket.write('{"name"')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.destroy()
    await expectStillServing(server(), 'a body cut short')
  })

  it('keeps answering many requests on one connection (keep-alive)', async () => {
    const socket = net.connect(server().port, '127.0.0.1')
    let received = ''
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')))
    socket.write(requestText('GET', '/') + requestText('GET', '/about', ['Connection: close']))
    await new Promise((resolve) => socket.once('close', resolve))
    expect(received.match(/HTTP\/1\.1 200 /g)).toHaveLength(2)
    expect(received).toContain('<h1>About</h1>')
  })
})
