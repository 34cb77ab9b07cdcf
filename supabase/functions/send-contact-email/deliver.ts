// Mails a stored request and records the outcome on its row. Used by the handler right after the
// insert, by the scheduled call's retries, by the retry command for rows that failed, were held
// or were only logged, and by a spam release.
import { composeLeadEmail } from './lead-email.ts'
import type { DeliveryOutcome, LeadStore, MailBudget, StoredContactRequest } from './lead-store.ts'
import { describeError, type Logger } from './logger.ts'
import type { MailTransport } from './mail-transport.ts'
import { nextAttemptAt } from './retry-schedule.ts'

export interface DeliveryDeps {
  store: LeadStore
  mail: MailTransport
  logger: Logger
  requestId?: string
  /** Now, for the next attempt of a failed mail; tests pass a fake clock. Default: now. */
  clock?: () => Date
}

/** The last_error of a failed attempt: the provider's reason, short (never the mail itself). */
export const MAX_ERROR_LENGTH = 300

export async function deliverContactRequest(
  request: StoredContactRequest,
  deps: DeliveryDeps,
): Promise<DeliveryOutcome> {
  const transport = deps.mail.name
  let outcome: DeliveryOutcome
  try {
    await deps.mail.send(composeLeadEmail(request))
    outcome = { status: deps.mail.delivers ? 'sent' : 'logged', transport }
  } catch (error) {
    const failedAt = (deps.clock ?? (() => new Date()))()
    outcome = {
      status: 'failed',
      transport,
      error: describeError(error).slice(0, MAX_ERROR_LENGTH),
      nextAttemptAt: nextAttemptAt(request.attempts + 1, failedAt)?.toISOString() ?? null,
    }
    deps.logger.error('mail.failed', {
      requestId: deps.requestId,
      contactRequestId: request.id,
      transport,
      error: outcome.error,
      attempts: request.attempts + 1,
      nextAttemptAt: outcome.nextAttemptAt,
    })
  }
  await deps.store.recordDelivery(request.id, outcome)
  return outcome
}

export interface RetryReport {
  attempted: number
  sent: number
  logged: number
  failed: number
}

const emptyReport = (): RetryReport => ({ attempted: 0, sent: 0, logged: 0, failed: 0 })

/**
 * Mails every row claimRetry hands out, oldest first, each once: within `budget` (the scheduled
 * call: failed rows that are due, received rows the function stopped on) or, with budget null,
 * every failed and stopped row at once (the operator's retry).
 */
export async function retryWaiting(
  deps: DeliveryDeps & { budget: MailBudget | null },
  report: RetryReport = emptyReport(),
): Promise<RetryReport> {
  const clock = deps.clock ?? (() => new Date())
  const skip: string[] = []
  // The budget bounds the loop; the skip list makes every claim a new row.
  for (let claimed = 0; deps.budget === null || claimed < deps.budget.max; claimed++) {
    const row = await deps.store.claimRetry({
      budget: deps.budget,
      now: clock(),
      everyWaiting: deps.budget === null,
      skip,
    })
    if (!row) break
    skip.push(row.id)
    report.attempted++
    const outcome = await deliverContactRequest(row, deps)
    report[outcome.status]++
  }
  return report
}

/**
 * The operator's retry (`npm run leads:retry`, `{"retryNow":true}`), not bound by the hour's
 * mail budget: failed rows (also those that gave up) and rows the function stopped on, then held
 * rows; logged ones (never received by anybody) once a transport that delivers is configured,
 * since logging them again would change nothing.
 */
export async function retryContactRequests(deps: DeliveryDeps): Promise<RetryReport> {
  const report = await retryWaiting({ ...deps, budget: null })
  const waiting: StoredContactRequest[] = []
  for (const status of deps.mail.delivers ? (['held', 'logged'] as const) : (['held'] as const))
    waiting.push(...(await deps.store.listContactRequests({ status })))
  // Oldest first: the longest-waiting lead goes out first.
  waiting.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  for (const request of waiting) {
    report.attempted++
    const outcome = await deliverContactRequest(request, deps)
    report[outcome.status]++
  }
  return report
}

export type ReleaseResult =
  { released: true; id: string; delivery: DeliveryOutcome } | { released: false; id: string }

/** Releases a request from spam: it becomes an ordinary request and is mailed now. */
export async function releaseSpam(id: string, deps: DeliveryDeps): Promise<ReleaseResult> {
  const released = await deps.store.releaseSpam(id)
  if (!released) return { released: false, id }
  deps.logger.info('spam.released', { contactRequestId: id, reason: released.spamReason })
  return { released: true, id, delivery: await deliverContactRequest(released, deps) }
}
