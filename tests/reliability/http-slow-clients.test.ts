// Clients that send too slowly to ever finish (slowloris): the server's time-outs answer 408
// with the security headers and close the connection, and the server keeps serving.
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { HTTP_LIMITS } from '../../server/http-edge.ts'
import {
  expectSecurityHeaders,
  expectStillServing,
  FUNCTION_PATH,
  requestText,
  serverForFile,
} from './http-server.ts'

const server = serverForFile()

/**
 * Sends `head`, then one `drip` every half second, until the server closes the connection.
 * Resolves with what the server answered. The drip is the client's pace, not a wait: the test
 * ends when the connection closes.
 */
function dribble(head: string, drip: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(server().port, '127.0.0.1')
    let answer = ''
    socket.on('data', (data: Buffer) => (answer += data.toString('latin1')))
    socket.on('error', () => socket.destroy())
    const timer = setInterval(() => socket.write(drip), 500)
    socket.on('close', () => {
      clearInterval(timer)
      resolve(answer)
    })
    socket.write(head)
  })
}

function headersOf(answer: string) {
  const [statusLine = '', ...lines] = answer.split('\r\n\r\n')[0]!.split('\r\n')
  const headers = new Map(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()] as const
    }),
  )
  return { status: Number(statusLine.split(' ')[1]), headers, body: '', closedByServer: true }
}

// The two wait on the server's clocks, not on the CPU: side by side, the file takes the longer
// of the two limits, not their sum.
describe.concurrent('slow clients', () => {
  it(`closes a connection whose headers never end (${HTTP_LIMITS.headersTimeoutMs} ms)`, async () => {
    const answer = await dribble('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n')
    const response = headersOf(answer)
    expect(response.status).toBe(408)
    expectSecurityHeaders(response, 'slow headers')
    await expectStillServing(server(), 'slow headers')
  })

  it(`closes a connection whose body never ends (${HTTP_LIMITS.requestTimeoutMs} ms)`, async () => {
    const head = requestText('POST', FUNCTION_PATH, [
      'Content-Type: application/json',
      'Content-Length: 1000',
    ])
    const answer = await dribble(head, ' ')
    const response = headersOf(answer)
    expect(response.status).toBe(408)
    expectSecurityHeaders(response, 'slow body')
    await expectStillServing(server(), 'slow body')
  })
})
