// What the function answers, before CORS and the request id are added (handler.ts), and the
// answers more than one job gives.
import type { StoredContactRequest } from './lead-store.ts'

export type Answer = { status: number; body: Record<string, unknown> | null; headers?: HeadersInit }

/** The answer when neither the database nor the mail provider took the request. */
export const UNAVAILABLE_ERROR =
  'Service unavailable: the request could not be stored or mailed. Please try again later.'

export const unavailable = (requestId: string): Answer => ({
  status: 503,
  body: { error: UNAVAILABLE_ERROR, requestId },
  headers: { 'Retry-After': '60' },
})

/** A request stored (or recognised as stored before): `{ ok: true, id }`. */
export const accepted = (row: Pick<StoredContactRequest, 'id'>): Answer => ({
  status: 200,
  body: { ok: true, id: row.id },
})
