// The contact_requests row as Postgres returns it, and its mapping to the handler's shape, both
// derived from CONTACT_REQUEST_COLUMNS.
import {
  CONTACT_REQUEST_COLUMNS,
  INSERTED_FIELDS,
  type NewContactRequest,
  type StoredContactRequest,
  type UnsentCounts,
} from './lead-store.ts'

type Columns = typeof CONTACT_REQUEST_COLUMNS

/** A row as the database returns it: snake_case columns; times may come back as Dates. */
export type ContactRequestRow = {
  [Field in keyof Columns as Columns[Field]]: Field extends 'createdAt'
    ? Date | string
    : Field extends 'nextAttemptAt'
      ? Date | string | null
      : StoredContactRequest[Field]
}

const fields = Object.keys(CONTACT_REQUEST_COLUMNS) as (keyof Columns)[]

export function toStoredContactRequest(row: ContactRequestRow): StoredContactRequest {
  const stored = {} as Record<keyof Columns, unknown>
  for (const field of fields) stored[field] = row[CONTACT_REQUEST_COLUMNS[field]]
  stored.createdAt = new Date(row.created_at).toISOString()
  stored.nextAttemptAt =
    row.next_attempt_at === null || row.next_attempt_at === undefined
      ? null
      : new Date(row.next_attempt_at).toISOString()
  return stored as StoredContactRequest
}

/** The inserted columns in order, and the values of a new request in the same order. */
export const INSERTED_COLUMNS = INSERTED_FIELDS.map((field) => CONTACT_REQUEST_COLUMNS[field])

export function insertedValues(request: NewContactRequest): unknown[] {
  return INSERTED_FIELDS.map((field) => request[field])
}

/** A new request as a column → value object (the REST API's insert body). */
export function toInsertedRow(request: NewContactRequest): Record<string, unknown> {
  return Object.fromEntries(
    INSERTED_FIELDS.map((field) => [CONTACT_REQUEST_COLUMNS[field], request[field]]),
  )
}

/** contact_unsent_counts' JSON as the counts endpoint answers it: ISO times, and when. */
export function toUnsentCounts(counted: Omit<UnsentCounts, 'checkedAt'>, now: Date): UnsentCounts {
  const { failed, held, received } = counted.unsentOverAnHour
  return {
    unsentOverAnHour: { failed: Number(failed), held: Number(held), received: Number(received) },
    gaveUp: Number(counted.gaveUp),
    oldestUnsentAt: counted.oldestUnsentAt && new Date(counted.oldestUnsentAt).toISOString(),
    checkedAt: now.toISOString(),
  }
}
