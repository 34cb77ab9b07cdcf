// A request's body read up to a limit, chunk by chunk: a body with no Content-Length (chunked) is
// refused as soon as it passes the limit, and the rest is never read. Used by both functions.

/** The body's bytes, or null as soon as more than `maxBytes` arrived (the stream is cancelled). */
export async function readBodyWithin(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
