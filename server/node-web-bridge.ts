// Node's req/res to web Request/Response and back, so the web-standard handler runs in Node.
import type { IncomingMessage, ServerResponse } from 'node:http'

function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on('data', (chunk: Buffer) => {
        if (finished) return
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        if ((controller.desiredSize ?? 1) <= 0) req.pause()
      })
      req.on('end', () => {
        if (finished) return
        finished = true
        controller.close()
      })
      req.on('error', (error) => {
        if (finished) return
        finished = true
        controller.error(error)
      })
    },
    pull() {
      req.resume()
    },
    cancel() {
      // The handler stopped reading (body too large): discard the rest so the answer can be sent.
      finished = true
      req.resume()
    },
  })
}

export function toWebRequest(req: IncomingMessage, url: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(url, 'http://localhost'), {
    method,
    headers,
    body: hasBody ? bodyStream(req) : undefined,
    // Node's fetch needs this to accept a stream body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  response.headers.forEach((value, name) => res.setHeader(name, value))
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined
  res.end(body)
}
