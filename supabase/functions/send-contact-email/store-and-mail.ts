// A checked request's way into the database and out as a mail: a repeat is answered as the first,
// the limits apply, the row is stored, and then (unless spam or held) mailed. Any store failure
// is thrown as StoreUnavailable for the handler to mail the lead instead (unstored-mail.ts).
import { accepted, unavailable, type Answer } from './answer.ts'
import { StoreUnavailable } from './database-call.ts'
import { deliverContactRequest } from './deliver.ts'
import type { HandlerContext } from './handler-context.ts'
import type { heldMailRelease } from './held-mail-release.ts'
import type { NewContactRequest } from './lead-store.ts'
import { overRateLimit, withinMailBudget } from './limits.ts'
import { describeError } from './logger.ts'
import type { unstoredMail } from './unstored-mail.ts'

export function storeAndMail(
  context: HandlerContext,
  held: ReturnType<typeof heldMailRelease>,
  unstored: ReturnType<typeof unstoredMail>,
) {
  const { store, mail, logger } = context

  return async function storeAndMailRequest(
    lead: NewContactRequest,
    requestId: string,
  ): Promise<Answer> {
    // A copy of this request whose insert timed out here may still land, and then it is mailed
    // (unstored-mail.ts): this one waits, so that the lead is not mailed twice.
    if (unstored.isStillStoring(lead.requestId)) {
      logger.info('contact_request.still_storing', { requestId, clientRequestId: lead.requestId })
      return unavailable(requestId)
    }
    // A repeated request id is the request already received: the first answer again, no mail.
    if (lead.requestId) {
      const first = await context.database(
        () => store.findByRequestId(lead.requestId!),
        'find request',
      )
      if (first) {
        logger.info('contact_request.repeated', { requestId, contactRequestId: first.id })
        return accepted(first)
      }
    }
    const limited = await overRateLimit(context, lead, requestId)
    if (limited) return limited
    lead = await withinMailBudget(context, lead)

    const inserting = store.insertContactRequest(lead)
    const { row, created } = await context
      .database(() => inserting, 'insert')
      .catch((error: unknown) => {
        if (error instanceof StoreUnavailable) error.lateInsert = inserting
        throw error
      })
    if (!created) {
      // The same request id arrived twice at once; the other one mails it.
      logger.info('contact_request.repeated', { requestId, contactRequestId: row.id })
      return accepted(row)
    }
    // Stored and answered, not mailed now: spam never, held once the budget allows.
    if (row.status === 'spam' || row.status === 'held') {
      logger.info(`contact_request.${row.status}`, {
        requestId,
        contactRequestId: row.id,
        ...(row.status === 'spam'
          ? { reason: row.spamReason }
          : { antiBotFields: row.antiBotFields }),
      })
      return accepted(row)
    }
    logger.info('contact_request.stored', { requestId, contactRequestId: row.id, kind: row.kind })
    try {
      await deliverContactRequest(row, { store, mail, logger, requestId, clock: context.now })
    } catch (error) {
      // The row exists, so the lead is safe; only the delivery bookkeeping failed.
      logger.error('delivery.bookkeeping_failed', {
        requestId,
        contactRequestId: row.id,
        error: describeError(error),
      })
    }
    // The hour has budget left (this request got some): mail what earlier ones had to hold.
    void held.release(requestId)
    return accepted(row)
  }
}
