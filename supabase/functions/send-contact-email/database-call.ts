// Every database call of a request goes through here: a failure or a call over the store's time
// limit becomes StoreUnavailable, which the handler answers by mailing the lead instead.
import type { InsertResult } from './lead-store.ts'
import { describeError } from './logger.ts'

export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable'
  /** The insert, when it was the call that timed out: it may still land after the answer. */
  lateInsert?: Promise<InsertResult>
}

/** Rejects when the database call takes longer than `ms`: a hanging database is a down one. */
function withinTime<T>(work: Promise<T>, ms: number, action: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailable(`${action} timed out after ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/** `work` within `timeoutMs`, any failure of it turned into StoreUnavailable. */
export function databaseCall<T>(work: Promise<T>, action: string, timeoutMs: number): Promise<T> {
  const failing = work.catch((error: unknown) => {
    throw new StoreUnavailable(`${action}: ${describeError(error)}`)
  })
  return withinTime(failing, timeoutMs, action)
}
