// Mails a stored request and records the outcome on its row. Used by the handler right after the
// insert and by the retry command for rows that failed before.
import { composeLeadEmail } from './lead-email.ts'
import type { DeliveryOutcome, LeadStore, StoredContactRequest } from './lead-store.ts'
import { describeError, type Logger } from './logger.ts'
import type { MailTransport } from './mail-transport.ts'

export async function deliverContactRequest(
  request: StoredContactRequest,
  deps: { store: LeadStore; mail: MailTransport; logger: Logger; requestId?: string },
): Promise<DeliveryOutcome> {
  let outcome: DeliveryOutcome
  try {
    await deps.mail.send(composeLeadEmail(request))
    outcome = { ok: true }
  } catch (error) {
    outcome = { ok: false, error: describeError(error) }
    deps.logger.error('mail.failed', {
      requestId: deps.requestId,
      contactRequestId: request.id,
      transport: deps.mail.name,
      error: outcome.error,
    })
  }
  await deps.store.recordDelivery(request.id, outcome)
  return outcome
}

export interface RetryReport {
  attempted: number
  sent: number
  failed: number
}

export async function retryFailedContactRequests(deps: {
  store: LeadStore
  mail: MailTransport
  logger: Logger
}): Promise<RetryReport> {
  const failed = await deps.store.listContactRequests({ status: 'failed' })
  const report: RetryReport = { attempted: 0, sent: 0, failed: 0 }
  // Oldest first: the longest-waiting lead goes out first.
  for (const request of failed.reverse()) {
    report.attempted++
    const outcome = await deliverContactRequest(request, deps)
    if (outcome.ok) report.sent++
    else report.failed++
  }
  return report
}
