// What the visitor is told about an answer of the send-contact-email function, read the way the
// spec reads it. Kept apart from the sending (send-request.ts) so it is tested on its own.

/** What supabase-js hands back for JSON and for text; anything else (Blob, FormData) is not. */
const isJsonValue = (value: unknown) =>
  value === null ||
  typeof value !== 'object' ||
  Array.isArray(value) ||
  Object.getPrototypeOf(value) === Object.prototype

/**
 * How the spec reads an answer (§7): "only an error field is read" and "Any error in the answer
 * means failure"; "what a successful result looks like: not shown". So a 2xx whose JSON has no
 * `error` field is success, whatever else it holds (`{}`, `{ success: true }`, our function's
 * `{ ok: true, id }`), and an empty 2xx (no answer body, so no error in it) is one too.
 *
 * One case the spec's words do not settle: a 2xx that is not JSON at all (a proxy's or a captive
 * portal's HTML page). It holds no error field, but it is not the function's answer either, so it
 * is no proof the request reached the function: 'unconfirmed', kept and sent again later (its
 * requestId makes a repeat harmless), and shown as the spec's failure.
 */
export function readAnswer(data: unknown): 'success' | 'unconfirmed' | { error: string } {
  let answer = data
  if (!isJsonValue(data)) return 'unconfirmed' // a Blob or form data: not the function's JSON
  if (typeof data === 'string') {
    // supabase-js reads an answer not labelled application/json as text: it may still be JSON.
    if (data.trim() === '') return 'success'
    try {
      answer = JSON.parse(data)
    } catch {
      return 'unconfirmed'
    }
  }
  if (answer && typeof answer === 'object' && 'error' in answer) {
    const { error } = answer as { error: unknown }
    if (error !== null && error !== undefined)
      return { error: typeof error === 'string' ? error : JSON.stringify(error) }
  }
  return 'success'
}
