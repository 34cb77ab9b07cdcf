// What the handler needs from storage. Postgres holds both the leads and the rate-limit counters,
// so every function instance sees the same limits.
import type { ContactKind } from '../_shared/contact-request.ts'

/**
 * Where a stored request stands: `received` (stored, not yet mailed), `held` (stored; the hour's
 * mail budget was spent, so the mail waits for the next hour or `leads:retry`), `sent` (the mail
 * provider accepted it), `logged` (no provider configured: only written to the log), `failed`
 * (the provider refused; the scheduled call tries again at `nextAttemptAt`, and `leads:retry`
 * at once) or `spam` (judged a bot: kept, never mailed).
 */
export const DELIVERY_STATUSES = ['received', 'held', 'sent', 'logged', 'failed', 'spam'] as const
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number]

export const isDeliveryStatus = (value: string): value is DeliveryStatus =>
  (DELIVERY_STATUSES as readonly string[]).includes(value)

/**
 * Spam is kept this long for review (`leads --spam`, `--release`); then the scheduled call (or
 * `leads --purge`) deletes it.
 */
export const SPAM_RETENTION_DAYS = 30

export interface NewContactRequest {
  kind: ContactKind
  title: string | null
  name: string
  email: string
  phone: string
  company: string | null
  message: string
  page: string | null
  userAgent: string | null
  clientHash: string
  /** The browser's id for this request (a UUID): a repeat of it is the same request. */
  requestId: string | null
  /** 'spam' for a bot's request, 'held' when the hour's mail budget is spent, else 'received'. */
  status: Extract<DeliveryStatus, 'received' | 'held' | 'spam'>
  /** Why a request was judged as spam; null otherwise. */
  spamReason: string | null
  /**
   * false: the request came without the anti-bot fields (honeypot and timing), as the spec's
   * four-field body does. It is kept and answered like any other, under tighter limits.
   */
  antiBotFields: boolean
}

export interface StoredContactRequest extends Omit<NewContactRequest, 'status'> {
  id: string
  createdAt: string
  status: DeliveryStatus
  attempts: number
  /** The mail transport of the last delivery attempt ('resend', 'log', …); null before one. */
  transport: string | null
  /** A short reason of the last failed attempt, never the mail's content. */
  lastError: string | null
  /**
   * A `failed` row: when it is tried again (ISO), null when it gave up. A `received` row: while
   * in the future, an instance is mailing it (see claim_contact_retry).
   */
  nextAttemptAt: string | null
}

/**
 * The one list of the contact_requests columns on the TypeScript side: each field of a stored
 * request and the column holding it. The stores, the row type and the row mapper derive from it.
 */
export const CONTACT_REQUEST_COLUMNS = {
  id: 'id',
  createdAt: 'created_at',
  kind: 'kind',
  title: 'title',
  name: 'name',
  email: 'email',
  phone: 'phone',
  company: 'company',
  message: 'message',
  page: 'page',
  userAgent: 'user_agent',
  clientHash: 'client_hash',
  requestId: 'request_id',
  status: 'status',
  spamReason: 'spam_reason',
  antiBotFields: 'anti_bot_fields',
  attempts: 'attempts',
  transport: 'transport',
  lastError: 'last_error',
  nextAttemptAt: 'next_attempt_at',
} as const satisfies { [Field in keyof StoredContactRequest]-?: string }

/** The fields an insert writes; the others are the database's defaults. */
export const INSERTED_FIELDS = [
  'kind',
  'title',
  'name',
  'email',
  'phone',
  'company',
  'message',
  'page',
  'userAgent',
  'clientHash',
  'requestId',
  'status',
  'spamReason',
  'antiBotFields',
] as const satisfies readonly (keyof NewContactRequest)[]

// Every field of a new request is inserted: a field added to NewContactRequest and not here is
// a type error.
type Missing = Exclude<keyof NewContactRequest, (typeof INSERTED_FIELDS)[number]>
const everyFieldInserted: Missing extends never ? true : Missing = true
void everyFieldInserted

export interface RateLimit {
  max: number
  windowSeconds: number
}

/** 0 means the request may go ahead; otherwise how long until the window resets. */
export type RetryAfterSeconds = number

/** One delivery attempt, as recorded on the row. */
export type DeliveryOutcome =
  | { status: 'sent' | 'logged'; transport: string }
  | { status: 'failed'; transport: string; error: string; nextAttemptAt: string | null }

export interface InsertResult {
  row: StoredContactRequest
  /** false: a row with the same requestId existed, and `row` is that first one. */
  created: boolean
}

/**
 * The site-wide mail budget of one clock hour: at most `max` mails, of which requests without the
 * anti-bot fields may use only the first `unverifiedMax`.
 */
export interface MailBudget {
  /** The UTC hour, e.g. '2026-11-25T09' (see mailBudgetHour). */
  hour: string
  max: number
  unverifiedMax: number
}

/** The budget bucket a moment falls in: its UTC clock hour, a string that sorts as time does. */
export const mailBudgetHour = (at: Date): string => at.toISOString().slice(0, 13)

export interface RetryClaim {
  /** The hour's budget; null: the operator's retry, outside it. */
  budget: MailBudget | null
  now: Date
  /** true: every failed row, due or not, also one that gave up (the operator asked). */
  everyWaiting: boolean
  /** Ids this pass tried already. */
  skip: string[]
}

/** The counts endpoint's answer (supabase/README.md, "Counts for the watch"). */
export interface UnsentCounts {
  unsentOverAnHour: { failed: number; held: number; received: number }
  gaveUp: number
  oldestUnsentAt: string | null
  checkedAt: string
}

export interface LeadStore {
  /** Counts one submission for this client; answers how long to wait when over the limit. */
  hitRateLimit(clientHash: string, limit: RateLimit): Promise<RetryAfterSeconds>
  /** Takes one mail from the hour's budget if fewer than `max` went out; false when spent. */
  takeMailBudget(hour: string, max: number): Promise<boolean>
  /**
   * Takes one mail from the hour's budget for the oldest held request the budget allows, turns
   * that row back into `received` (marked in flight until `now` + IN_FLIGHT_LIMIT_MS) and returns
   * it; null when nothing is held or the budget is spent. Atomic: a held row is released once,
   * however many instances ask at the same time.
   */
  releaseHeld(budget: MailBudget, now: Date): Promise<StoredContactRequest | null>
  /**
   * Claims the oldest row whose mail is due again (a failed row past its next attempt, or a
   * received row the function stopped on), marks it in flight and returns it; null when none is
   * due or the budget is spent. Atomic, like releaseHeld.
   */
  claimRetry(claim: RetryClaim): Promise<StoredContactRequest | null>
  /** What the daily watch reads: counts of unsent rows, nothing personal. */
  unsentCounts(now: Date): Promise<UnsentCounts>
  /** Deletes sent rows stored before `before` (the retention setting); answers how many. */
  purgeSentBefore(before: Date): Promise<number>
  /** The request stored under this browser request id, if any. */
  findByRequestId(requestId: string): Promise<StoredContactRequest | null>
  /** Inserts the request; with a requestId already stored, inserts nothing and returns that row. */
  insertContactRequest(request: NewContactRequest): Promise<InsertResult>
  recordDelivery(id: string, outcome: DeliveryOutcome): Promise<void>
  listContactRequests(filter?: {
    status?: DeliveryStatus
    limit?: number
  }): Promise<StoredContactRequest[]>
  /** Turns a spam row back into a received one; null when no spam row has this id. */
  releaseSpam(id: string): Promise<StoredContactRequest | null>
  /** Deletes spam rows older than the given number of days; answers how many. */
  purgeSpam(olderThanDays: number): Promise<number>
}
