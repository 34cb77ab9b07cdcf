// The leads command's and the admin endpoint's inputs, checked in one place: a bad id or limit is
// a clear message (400 from the endpoint, exit 2 from the command), never a database error.
import {
  DELIVERY_STATUSES,
  isDeliveryStatus,
  type DeliveryStatus,
} from '../supabase/functions/send-contact-email/lead-store.ts'

export class LeadsInputError extends Error {
  override name = 'LeadsInputError'
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The most rows one listing returns. */
export const MAX_LIST_LIMIT = 100_000

export function parseLeadId(value: string | null | undefined): string {
  if (value && UUID.test(value)) return value.toLowerCase()
  throw new LeadsInputError(
    `"${value ?? ''}" is not a request id: ids are UUIDs such as 0b7c1f9e-2d4a-4c3e-9f1a-6b2d8e4c7a10, as \`npm run leads\` prints them after "id".`,
  )
}

/** undefined when absent; otherwise a whole number from 1 to MAX_LIST_LIMIT. */
export function parseListLimit(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined
  const limit = Number(value)
  if (/^\d+$/.test(value.trim()) && limit >= 1 && limit <= MAX_LIST_LIMIT) return limit
  throw new LeadsInputError(
    `The limit "${value}" is not a whole number from 1 to ${MAX_LIST_LIMIT}.`,
  )
}

/** undefined when absent; otherwise one of DELIVERY_STATUSES. */
export function parseStatus(value: string | null | undefined): DeliveryStatus | undefined {
  if (value === null || value === undefined || value === '') return undefined
  if (isDeliveryStatus(value)) return value
  throw new LeadsInputError(`The status "${value}" is not one of ${DELIVERY_STATUSES.join(', ')}.`)
}
