// The owner's two calls to the live contact function, each carrying the scheduled call's secret
// (RELEASE_HELD_TOKEN in the X-Release-Held-Token header): "retry every waiting lead now"
// (`npm run leads:retry -- --remote`) and "how many leads wait" (the daily watch,
// scripts/watch.ts). The counts answer holds numbers and times only, never a name or an address.
import { RELEASE_HELD_HEADER } from '../../supabase/functions/send-contact-email/config.ts'
import type { UnsentCounts } from '../../supabase/functions/send-contact-email/lead-store.ts'

export interface FunctionAccess {
  /** The function's full address, e.g. https://<ref>.supabase.co/functions/v1/send-contact-email */
  url: string
  /** The function's RELEASE_HELD_TOKEN. */
  token: string
}

/** The settings `npm run leads:retry -- --remote` reads (from its environment or .env.leads). */
export const FUNCTION_URL_SETTING = 'LEADS_FUNCTION_URL'
export const FUNCTION_TOKEN_SETTING = 'RELEASE_HELD_TOKEN'

/** The function could not be reached, or answered something other than the contract. */
export class FunctionCallError extends Error {}

export function functionAccessFromEnv(env: Record<string, string | undefined>): FunctionAccess {
  const url = env[FUNCTION_URL_SETTING]?.trim()
  const token = env[FUNCTION_TOKEN_SETTING]?.trim()
  if (!url || !token)
    throw new FunctionCallError(
      `Set ${[!url && FUNCTION_URL_SETTING, !token && FUNCTION_TOKEN_SETTING].filter(Boolean).join(' and ')} (in .env.leads or the environment; docs/deploy.md, "Reading leads in production") to reach the live function.`,
    )
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new FunctionCallError(`${FUNCTION_URL_SETTING} is not a web address.`)
  }
  if (parsed.protocol !== 'https:' && parsed.hostname !== '127.0.0.1')
    throw new FunctionCallError(
      `${FUNCTION_URL_SETTING} must be an https:// address: the secret must not travel in clear.`,
    )
  return { url: parsed.href, token }
}

async function call(
  access: FunctionAccess,
  init: { method: 'GET' | 'POST'; body?: string },
  timeoutMs: number,
): Promise<Response> {
  let response: Response
  try {
    response = await fetch(access.url, {
      ...init,
      headers: { [RELEASE_HELD_HEADER]: access.token, 'content-type': 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    const reason = error instanceof Error ? String(error.cause ?? error.message) : String(error)
    throw new FunctionCallError(`The function at ${access.url} did not answer (${reason}).`)
  }
  if (response.status === 403) {
    await response.body?.cancel()
    throw new FunctionCallError(
      `The function at ${access.url} refused the secret (403): the ${FUNCTION_TOKEN_SETTING} used here differs from the function's, or the function has none set.`,
    )
  }
  return response
}

/** Asks the function to retry every waiting failed or received lead now. */
export async function requestRetryNow(
  access: FunctionAccess,
  timeoutMs = 15_000,
): Promise<{ status: number }> {
  const response = await call(
    access,
    { method: 'POST', body: JSON.stringify({ retryNow: true }) },
    timeoutMs,
  )
  await response.body?.cancel()
  if (!response.ok)
    throw new FunctionCallError(
      `The function at ${access.url} answered ${response.status} to the retry request.`,
    )
  return { status: response.status }
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0
const isTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))

/** Reads the counts; anything but the contract's shape is an error, never a guess. */
export async function readLeadCounts(access: FunctionAccess, timeoutMs = 15_000) {
  const response = await call(access, { method: 'GET' }, timeoutMs)
  const text = await response.text()
  if (response.status !== 200)
    throw new FunctionCallError(
      `The function at ${access.url} answered ${response.status} to the counts request, expected 200.`,
    )
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  const counts = json as Partial<UnsentCounts> | null
  const unsent = counts?.unsentOverAnHour
  if (
    !counts ||
    !unsent ||
    !isCount(unsent.failed) ||
    !isCount(unsent.held) ||
    !isCount(unsent.received) ||
    !isCount(counts.gaveUp) ||
    !(counts.oldestUnsentAt === null || isTime(counts.oldestUnsentAt)) ||
    !isTime(counts.checkedAt)
  )
    // The body is not shown: whatever it is, it was not meant for a log.
    throw new FunctionCallError(
      `The function at ${access.url} answered the counts request with something other than its counts (is it an older version?).`,
    )
  return counts as UnsentCounts
}
