// The deployed functions asked over HTTP what the site relies on: the contact function as the
// forms meet it (the smoke check of a served site, ./smoke-check.ts, runs that part), and the
// sign-in exchange's refusal of a callback with no state. The backend job probes what it
// deployed with these (scripts/deploy/backend.ts probe) before the site job starts.
import { setTimeout as sleep } from 'node:timers/promises'
import { CONTACT_FUNCTION_PATH } from '../supabase/functions/_shared/function-name.ts'
import { GITHUB_OAUTH_FUNCTION_PATH } from '../supabase/functions/_shared/github-sign-in.ts'

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
 * One request as the checks make it (./smoke-check.ts too): redirects not followed, within
 * `timeoutMs`; a network failure or a time-out is given as its reason.
 */
export async function answerOf(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response | { noAnswer: string }> {
  try {
    return await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...init })
  } catch (error) {
    return {
      noAnswer: error instanceof Error ? (error.cause ?? error).toString() : String(error),
    }
  }
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
    const answer = await answerOf(functionUrl, init, timeoutMs)
    if (answer instanceof Response) return answer
    fail(`no answer (${answer.noAnswer})`)
    return undefined
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

/** The Supabase project's address, where its functions answer under /functions/v1/. */
export const projectUrl = (ref: string) => `https://${ref.trim()}.supabase.co`

export interface ProbeOptions {
  /** The origin the functions answer at: the project's (projectUrl), or a local server's. */
  functionsOrigin: string
  /** The live site's origin, which the forms post from. */
  siteOrigin: string
  /** Whether the sign-in exchange was deployed (signInSetup 'all'). */
  signIn: boolean
  /** Rounds before giving up: a function just deployed may take seconds to answer. */
  attempts?: number
  retryDelayMs?: number
}

/**
 * Asks each deployed function what the site relies on, the way the site asks it: the contact
 * function's CORS preflight from the site's origin and its 400 for an empty body; the sign-in
 * exchange's refusal (4xx) of a callback with no state. A function that failed to start answers
 * 5xx (or its gateway does), and one answering another origin refuses the preflight. Returns
 * one sentence per failure of the last round.
 */
export async function probeBackend(options: ProbeOptions): Promise<string[]> {
  const { attempts = 4, retryDelayMs = 10_000 } = options
  let failures: string[] = []
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(retryDelayMs)
    failures = (
      await contactFunctionProblems({
        functionUrl: new URL(CONTACT_FUNCTION_PATH, options.functionsOrigin).href,
        origin: options.siteOrigin,
        timeoutMs: 15_000,
      })
    ).failures
    if (options.signIn) {
      const url = new URL(`${GITHUB_OAUTH_FUNCTION_PATH}/callback`, options.functionsOrigin)
      url.searchParams.set('code', 'deploy-probe')
      const answer = await answerOf(url.href, {}, 15_000)
      if (!(answer instanceof Response))
        failures.push(`${url.origin}${url.pathname}: no answer (${answer.noAnswer})`)
      else {
        await answer.arrayBuffer()
        if (answer.status < 400 || answer.status > 499)
          failures.push(
            `${url.origin}${url.pathname}: a callback with no state answered ${answer.status}, expected a refusal (4xx)`,
          )
      }
    }
    if (!failures.length) return []
  }
  return failures
}
