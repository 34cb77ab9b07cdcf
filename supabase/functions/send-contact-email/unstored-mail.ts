// When the database is down, the mail is the only place a lead can go; and an insert that
// timed out may still land after the answer, so whoever finishes it makes sure the lead is
// mailed once (supabase/README.md, "One mail per lead when the database is slow").
import { unavailable, type Answer } from './answer.ts'
import type { StoreUnavailable } from './database-call.ts'
import { deliverContactRequest } from './deliver.ts'
import type { HandlerContext } from './handler-context.ts'
import { composeLeadEmail } from './lead-email.ts'
import type { InsertResult, NewContactRequest, StoredContactRequest } from './lead-store.ts'
import { describeError } from './logger.ts'

export function unstoredMail(context: HandlerContext) {
  const { store, mail, logger } = context
  // Inserts that timed out and may still land, by the browser's request id.
  const unsettledInserts = new Map<string, Promise<unknown>>()

  /** Mails the lead marked "not stored"; whether a mail provider accepted it. */
  async function mailNotStored(
    lead: NewContactRequest,
    reference: string,
    requestId: string,
  ): Promise<boolean> {
    // Spam is never mailed; with nowhere to keep it, the sender may try again later.
    if (lead.status === 'spam' || !mail.delivers) return false
    const unstored: StoredContactRequest = {
      ...lead,
      id: reference,
      createdAt: new Date().toISOString(),
      status: 'received',
      attempts: 0,
      transport: null,
      lastError: null,
      nextAttemptAt: null,
    }
    try {
      await mail.send(composeLeadEmail(unstored, { notStored: true }))
    } catch (error) {
      logger.error('mail.failed', {
        requestId,
        clientRequestId: lead.requestId,
        transport: mail.name,
        error: describeError(error),
      })
      return false
    }
    logger.error('contact_request.mailed_not_stored', {
      requestId,
      clientRequestId: lead.requestId,
      transport: mail.name,
    })
    return true
  }

  /**
   * One mail per lead when an insert timed out but lands later. Whoever finishes the insert
   * settles the mail: if the "not stored" mail went out, the late row is marked sent, so neither
   * the held-mail release nor `leads:retry` mails it again; if it did not, a late `received` row
   * is mailed now (the visitor was answered 503, and the browser's resend will find the row and
   * mail nothing), and a late `held` row waits for the release like any other. Until the insert
   * settles, a resend of the same request on this instance is answered 503 (isStillStoring).
   */
  function settleLateInsert(
    inserting: Promise<InsertResult>,
    mailed: Promise<boolean>,
    lead: NewContactRequest,
    requestId: string,
  ) {
    const clientRequestId = lead.requestId
    const work = (async () => {
      let inserted: InsertResult
      try {
        inserted = await inserting
      } catch {
        return // never stored: the mail, or the browser's resend, is the lead's only copy
      }
      const { row, created } = inserted
      if (!created) return // an earlier copy was stored: its own answer mails it
      logger.info('contact_request.stored_late', { requestId, contactRequestId: row.id })
      if (await mailed) await store.recordDelivery(row.id, { status: 'sent', transport: mail.name })
      else if (row.status === 'received')
        await deliverContactRequest(row, { store, mail, logger, requestId, clock: context.now })
    })()
      .catch((error: unknown) => {
        logger.error('delivery.bookkeeping_failed', { requestId, error: describeError(error) })
      })
      .finally(() => {
        if (clientRequestId && unsettledInserts.get(clientRequestId) === work)
          unsettledInserts.delete(clientRequestId)
      })
    if (clientRequestId) unsettledInserts.set(clientRequestId, work)
    context.waitUntil(work)
  }

  return {
    /** Whether an insert of this browser request id timed out here and may still land. */
    isStillStoring: (clientRequestId: string | null) =>
      !!clientRequestId && unsettledInserts.has(clientRequestId),

    /**
     * The database is down: success only if a mail provider accepted the lead (a log-only
     * transport keeps nothing); otherwise 503, and the browser keeps the request and sends it
     * again later.
     */
    async answer(
      lead: NewContactRequest,
      requestId: string,
      storeError: StoreUnavailable,
    ): Promise<Answer> {
      const reference = lead.requestId ?? requestId
      logger.error('store.unavailable', {
        requestId,
        clientRequestId: lead.requestId,
        error: describeError(storeError),
      })
      const mailed = mailNotStored(lead, reference, requestId)
      if (storeError.lateInsert) settleLateInsert(storeError.lateInsert, mailed, lead, requestId)
      return (await mailed)
        ? { status: 200, body: { ok: true, id: reference, stored: false } }
        : unavailable(requestId)
    },
  }
}
