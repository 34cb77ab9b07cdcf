// Mails held past an hour's budget go out when the budget allows: after a request of a new hour
// (its own mail sent, so the hour has budget left) and on the scheduled call that carries the
// release secret (pg_cron, supabase/README.md). One pass at a time per instance; the SQL
// function keeps instances apart.
import { RELEASE_HELD_HEADER } from './config.ts'
import { deliverContactRequest } from './deliver.ts'
import type { HandlerContext } from './handler-context.ts'
import { describeError } from './logger.ts'
import { sha256Hex } from './sha256.ts'

export function heldMailRelease(context: HandlerContext) {
  const { store, mail, logger, config } = context
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
        const row = await store.releaseHeld(budget)
        if (!row) break
        logger.info('contact_request.released', { requestId, contactRequestId: row.id })
        await deliverContactRequest(row, { store, mail, logger, requestId })
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

  /**
   * The scheduled call: null when the request carries no release secret, else whether it is the
   * configured one (compared in constant time; never when none is configured).
   */
  async function isReleaseCall(request: Request): Promise<boolean | null> {
    const offered = request.headers.get(RELEASE_HELD_HEADER)
    if (offered === null) return null
    if (!config.releaseHeldToken) return false
    const [a, b] = await Promise.all([sha256Hex(offered), sha256Hex(config.releaseHeldToken)])
    let difference = 0
    for (let index = 0; index < a.length; index++)
      difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
    return difference === 0
  }

  return { release, isReleaseCall }
}
