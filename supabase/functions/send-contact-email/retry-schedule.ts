// When a failed mail is tried again (supabase/README.md, "Retries"). The one list of delays:
// the scheduled call, the tests and the documentation read it from here.
const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * The wait after each failed attempt: after the first failure 5 minutes, then 30 minutes,
 * 2 hours, 12 hours, then once a day for a week. A day's step is 22 hours, not 24: every retry
 * then comes less than 24 hours after the attempt before it, inside the window in which Resend
 * answers a repeated Idempotency-Key with the first answer instead of mailing again, even when
 * the schedule runs a little late or the hour's budget makes a retry wait. After the last step
 * the row stays `failed` with no next try.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  12 * HOUR,
  ...Array.from({ length: 7 }, () => 22 * HOUR),
]

/** Every mail attempt a lead gets at most: the first, then one per delay. */
export const MAX_MAIL_ATTEMPTS = RETRY_DELAYS_MS.length + 1

/**
 * When a row whose mail just failed for the `attempts`-th time is tried again; null after the
 * last attempt.
 */
export function nextAttemptAt(attempts: number, failedAt: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1]
  return delay === undefined ? null : new Date(failedAt.getTime() + delay)
}

/**
 * Longer than any instance can still be mailing a row (the mail's 10 s, the database calls, and
 * Supabase's wall-clock limit of a function's background work): a `received` row older than
 * this is one the function stopped on, and a row claimed for mailing is left alone this long.
 */
export const IN_FLIGHT_LIMIT_MS = 15 * MINUTE

/**
 * How often the scheduled call runs: often enough for the first delay. Hosted, pg_cron calls the
 * function on this interval (supabase/README.md); locally the server runs the pass itself.
 */
export const SCHEDULE_INTERVAL_MS = 5 * MINUTE
