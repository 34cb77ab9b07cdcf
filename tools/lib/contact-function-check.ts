// The contact function as the forms meet it, asked over HTTP: the smoke check of a served site
// (./smoke-check.ts) runs it, and so does the backend job's probe of what it deployed
// (scripts/deploy/backend.ts). No import beyond the platform's fetch: the probe starts at once.

/** One sentence per failure, naming the address and what was wrong; how many answers were read. */
export interface ContactFunctionResult {
  requests: number
  failures: string[]
}

/** What is asked of the contact function: the site's origin, and the public key if any. */
export interface ContactFunctionCheck {
  /** The function's full address. */
  functionUrl: string
  /** The origin the forms post from (the site's). */
  origin: string
  /** The public key the browser sends to a Supabase project with each call, if any. */
  anonKey?: string
  /** A request's time limit. */
  timeoutMs?: number
}

/**
 * The contact function as the forms meet it: its CORS preflight from the site's origin allows
 * that origin and POST, and a POST with an empty JSON body answers 400 (nothing is stored or
 * mailed for one).
 */
export async function contactFunctionProblems(
  check: ContactFunctionCheck,
): Promise<ContactFunctionResult> {
  const { functionUrl, origin, timeoutMs = 15_000 } = check
  const failures: string[] = []
  let requests = 0
  const fail = (problem: string) => failures.push(`${functionUrl}: ${problem}`)
  const request = async (init: RequestInit) => {
    requests++
    try {
      return await fetch(functionUrl, {
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        ...init,
      })
    } catch (error) {
      const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error)
      fail(`no answer (${reason})`)
      return undefined
    }
  }
  const keyHeaders: Record<string, string> = check.anonKey
    ? { authorization: `Bearer ${check.anonKey}`, apikey: check.anonKey }
    : {}
  const preflight = await request({
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, apikey, content-type, x-client-info',
    },
  })
  if (preflight) {
    await preflight.arrayBuffer()
    const allowed = preflight.headers.get('access-control-allow-origin')
    const methods = preflight.headers.get('access-control-allow-methods') ?? ''
    if (!preflight.ok)
      fail(`CORS preflight from ${origin} answered ${preflight.status}, expected 2xx`)
    else if (allowed !== origin && allowed !== '*')
      fail(
        `CORS preflight from ${origin}: Access-Control-Allow-Origin is "${allowed ?? '(none)'}" (is ${origin} in ALLOWED_ORIGINS?)`,
      )
    else if (!/\bPOST\b/i.test(methods))
      fail(`CORS preflight: Access-Control-Allow-Methods "${methods}" lacks POST`)
  }
  const empty = await request({
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...keyHeaders },
    body: '',
  })
  if (empty) {
    const text = await empty.text()
    if (empty.status !== 400)
      fail(
        `a POST with an empty JSON body answered ${empty.status}, expected 400: ${text.slice(0, 200)}`,
      )
  }
  return { requests, failures }
}
