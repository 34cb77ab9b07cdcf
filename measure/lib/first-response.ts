// How many bytes a page's first response takes on the wire, as the site serves it (`npm start`'s
// static server, the headers the build wrote): the status line and headers, then the HTML
// compressed with brotli. A new connection delivers TCP's initial window, 10 segments of 1,460
// bytes, in its first round trip; a page over that waits one more round trip before the browser
// has all of its HTML (150 ms under Lighthouse's mobile profile), whatever else it does.
import { request } from 'node:http'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { serveBuild } from '../../server/serve-build.ts'

export interface FirstResponse {
  page: string
  status: number
  /** The status line and header lines, with their line ends and the blank line after them. */
  headerBytes: number
  /** The body as sent: brotli-compressed HTML. */
  bodyBytes: number
  encoding: string | undefined
}

/** Bytes of an HTTP/1.1 status line and header block, from Node's raw header list. */
export function headerBlockBytes(statusLine: string, rawHeaders: string[]): number {
  let bytes = Buffer.byteLength(`${statusLine}\r\n`)
  for (let at = 0; at < rawHeaders.length; at += 2)
    bytes += Buffer.byteLength(`${rawHeaders[at]}: ${rawHeaders[at + 1]}\r\n`)
  return bytes + 2
}

function get(origin: string, page: string): Promise<FirstResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${origin}${page}`,
      { headers: { 'Accept-Encoding': 'br, gzip' } },
      (res) => {
        let bodyBytes = 0
        res.on('data', (chunk: Buffer) => (bodyBytes += chunk.length))
        res.on('error', reject)
        res.on('end', () =>
          resolve({
            page,
            status: res.statusCode ?? 0,
            headerBytes: headerBlockBytes(
              `HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}`,
              res.rawHeaders,
            ),
            bodyBytes,
            encoding: res.headers['content-encoding'],
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** Each page's first response from the build in distDir, served on 127.0.0.1. */
export async function measureFirstResponses(
  distDir: string,
  clientDir: string,
  pages: string[],
): Promise<FirstResponse[]> {
  const site = await serveBuild(distDir, { clientDir, logger: silentLogger })
  try {
    const results: FirstResponse[] = []
    for (const page of pages) results.push(await get(site.origin, page))
    return results
  } finally {
    await site.close()
  }
}
