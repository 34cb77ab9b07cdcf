// Mails held past an hour's budget go out when the budget allows: after a request of a new hour
// (its own mail sent, so the hour has budget left) and on the scheduled call's pass
// (scheduled-call.ts). One release at a time per instance; the SQL function keeps instances
// apart.
import { deliverContactRequest } from './deliver.ts'
import type { HandlerContext } from './handler-context.ts'
import { describeError } from './logger.ts'

export function heldMailRelease(context: HandlerContext) {
  const { store, mail, logger } = context
  let releasing: Promise<void> | null = null

  /**
   * Sends held mails, oldest first, as far as the hour's budget allows. Runs after an answer, so
   * the first request of a new hour sends what the last one held, without waiting for it.
   */
  function release(requestId: string): Promise<void> {
    if (releasing) return releasing
    releasing = (async () => {
      const budget = context.mailBudget()
      // The budget bounds the loop; the count guards against a store that never says null.
      for (let released = 0; released < budget.max; released++) {
        const row = await store.releaseHeld(budget, context.now())
        if (!row) break
        logger.info('contact_request.released', { requestId, contactRequestId: row.id })
        await deliverContactRequest(row, { store, mail, logger, requestId, clock: context.now })
      }
    })()
      .catch((error: unknown) => {
        logger.error('held.release_failed', { requestId, error: describeError(error) })
      })
      .finally(() => {
        releasing = null
      })
    context.waitUntil(releasing)
    return releasing
  }

  return { release }
}
