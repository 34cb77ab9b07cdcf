// Mails a stored request and records the outcome on its row. Used by the handler right after the
// insert, by the retry command for rows that failed or were only logged, and by a spam release.
import { composeLeadEmail } from './lead-email.ts'
import type {
  DeliveryOutcome,
  DeliveryStatus,
  LeadStore,
  StoredContactRequest,
} from './lead-store.ts'
import { describeError, type Logger } from './logger.ts'
import type { MailTransport } from './mail-transport.ts'

export async function deliverContactRequest(
  request: StoredContactRequest,
  deps: { store: LeadStore; mail: MailTransport; logger: Logger; requestId?: string },
): Promise<DeliveryOutcome> {
  const transport = deps.mail.name
  let outcome: DeliveryOutcome
  try {
    await deps.mail.send(composeLeadEmail(request))
    outcome = { status: deps.mail.delivers ? 'sent' : 'logged', transport }
  } catch (error) {
    outcome = { status: 'failed', transport, error: describeError(error) }
    deps.logger.error('mail.failed', {
      requestId: deps.requestId,
      contactRequestId: request.id,
      transport,
      error: outcome.error,
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

/**
 * Which rows a retry sends: failed ones and held ones (the operator's retry is not bound by the
 * hour's mail budget) always; logged ones (never received by anybody) once a transport that
 * delivers is configured, since logging them again would change nothing.
 */
export function retryableStatuses(mail: MailTransport): DeliveryStatus[] {
  return mail.delivers ? ['failed', 'held', 'logged'] : ['failed', 'held']
}

export async function retryContactRequests(deps: {
  store: LeadStore
  mail: MailTransport
  logger: Logger
}): Promise<RetryReport> {
  const waiting: StoredContactRequest[] = []
  for (const status of retryableStatuses(deps.mail))
    waiting.push(...(await deps.store.listContactRequests({ status })))
  // Oldest first: the longest-waiting lead goes out first.
  waiting.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
  const report: RetryReport = { attempted: 0, sent: 0, logged: 0, failed: 0 }
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
export async function releaseSpam(
  id: string,
  deps: { store: LeadStore; mail: MailTransport; logger: Logger },
): Promise<ReleaseResult> {
  const released = await deps.store.releaseSpam(id)
  if (!released) return { released: false, id }
  deps.logger.info('spam.released', { contactRequestId: id, reason: released.spamReason })
  return { released: true, id, delivery: await deliverContactRequest(released, deps) }
}
