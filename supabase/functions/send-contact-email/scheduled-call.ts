// The calls that carry the release secret (RELEASE_HELD_HEADER) instead of a lead
// (supabase/README.md, "The scheduled call"):
//   POST {}                  the schedule's maintenance pass: held mails and due retries within
//                            the hour's budget, then spam and expired rows deleted; 202 at once
//   POST {"retryNow":true}   the same, with every failed or stopped row retried now, outside the
//                            budget (the operator asked: `leads:retry --remote`)
//   GET                      counts of unsent leads for the daily watch, never a name or address
import type { Answer } from './answer.ts'
import { RELEASE_HELD_HEADER } from './config.ts'
import { StoreUnavailable } from './database-call.ts'
import { retryWaiting, type RetryReport } from './deliver.ts'
import type { HandlerContext } from './handler-context.ts'
import type { heldMailRelease } from './held-mail-release.ts'
import { SPAM_RETENTION_DAYS } from './lead-store.ts'
import { describeError } from './logger.ts'
import { sha256Hex } from './sha256.ts'

const DAY_MS = 86_400_000
// {"retryNow":true} is 16 bytes; anything much longer is not this call's body.
const MAX_PASS_BODY_BYTES = 1024
export const PASS_BODY_ERROR = 'The body of a scheduled call must be {} or {"retryNow":true}.'
export const COUNTS_UNAVAILABLE_ERROR =
  'Service unavailable: the database could not be read. Please try again later.'

export interface PassReport {
  retries: RetryReport | null
  spamPurged: number | null
  expiredPurged: number | null
}

/** The pass's options from the POST body: `{}` (or none) or `{"retryNow": true|false}`. */
async function readPassBody(request: Request): Promise<{ retryNow: boolean } | null> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_PASS_BODY_BYTES) return null
  let text: string
  try {
    text = await request.text()
  } catch {
    return null
  }
  if (text.length > MAX_PASS_BODY_BYTES) return null
  if (text.trim() === '') return { retryNow: false }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null
  const { retryNow = false, ...rest } = body as Record<string, unknown>
  if (typeof retryNow !== 'boolean' || Object.keys(rest).length > 0) return null
  return { retryNow }
}

export function scheduledCalls(context: HandlerContext, held: ReturnType<typeof heldMailRelease>) {
  const { store, mail, logger, config } = context
  // One pass at a time per instance: a call during a pass runs after it.
  let passes: Promise<unknown> = Promise.resolve()

  /**
   * null when the request carries no release secret, else whether it is the configured one
   * (compared in constant time; never when none is configured).
   */
  async function isScheduledCall(request: Request): Promise<boolean | null> {
    const offered = request.headers.get(RELEASE_HELD_HEADER)
    if (offered === null) return null
    if (!config.releaseHeldToken) return false
    const [a, b] = await Promise.all([sha256Hex(offered), sha256Hex(config.releaseHeldToken)])
    let difference = 0
    for (let index = 0; index < a.length; index++)
      difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
    return difference === 0
  }

  /** One step of the pass; a failed step is logged and the next one still runs. */
  async function step<T>(name: string, requestId: string, work: () => Promise<T>) {
    try {
      return await work()
    } catch (error) {
      logger.error('scheduled_pass.step_failed', {
        requestId,
        step: name,
        error: describeError(error),
      })
      return null
    }
  }

  async function pass(retryNow: boolean, requestId: string): Promise<PassReport> {
    await held.release(requestId)
    const retries = await step('retries', requestId, () =>
      retryWaiting({
        store,
        mail,
        logger,
        requestId,
        clock: context.now,
        budget: retryNow ? null : context.mailBudget(),
      }),
    )
    const spamPurged = await step('purge spam', requestId, () =>
      store.purgeSpam(SPAM_RETENTION_DAYS),
    )
    const expiredPurged = await step('purge expired', requestId, () =>
      store.purgeSentBefore(new Date(context.now().getTime() - config.leadRetentionDays * DAY_MS)),
    )
    const report = { retries, spamPurged, expiredPurged }
    logger.info('scheduled_pass.done', { requestId, retryNow, ...report })
    return report
  }

  /** Starts a pass after the ones before it; kept alive after the answer (waitUntil). */
  function startPass(retryNow: boolean, requestId: string): Promise<PassReport | null> {
    const work = passes
      .then(() => pass(retryNow, requestId))
      .catch((error: unknown) => {
        logger.error('scheduled_pass.failed', { requestId, error: describeError(error) })
        return null
      })
    passes = work
    context.waitUntil(work)
    return work
  }

  async function counts(requestId: string): Promise<Answer> {
    try {
      const counted = await context.database(
        () => store.unsentCounts(context.now()),
        'unsent counts',
      )
      return { status: 200, body: { ...counted }, headers: { 'Cache-Control': 'no-store' } }
    } catch (error) {
      if (!(error instanceof StoreUnavailable)) throw error
      logger.error('unsent_counts.unavailable', { requestId, error: describeError(error) })
      return {
        status: 503,
        body: { error: COUNTS_UNAVAILABLE_ERROR, requestId },
        headers: { 'Retry-After': '60' },
      }
    }
  }

  /** The answer to a request that carries the right secret. */
  async function answer(request: Request, requestId: string): Promise<Answer> {
    if (request.method === 'GET') return counts(requestId)
    const options = await readPassBody(request)
    if (!options) return { status: 400, body: { error: PASS_BODY_ERROR } }
    // Answered at once; the pass goes on in the background (waitUntil on Supabase).
    void startPass(options.retryNow, requestId)
    logger.info('scheduled_pass.started', { requestId, retryNow: options.retryNow })
    return {
      status: 202,
      body: { ok: true, releasing: true, ...(options.retryNow ? { retryingNow: true } : {}) },
    }
  }

  return { isScheduledCall, answer, startPass }
}
