// Requests the function could not take (unreachable, 5xx, no answer in time) are kept in this
// browser's localStorage and sent again on the next page load or when the browser is back
// online (KeptRequests.tsx). They expire after KEPT_REQUEST_DAYS; the visitor can see and
// discard them.
import type {
  ContactKind,
  FormRequestBody,
} from '../../supabase/functions/_shared/contact-request.ts'

import { KEPT_REQUESTS_KEY } from './kept-requests-flag.ts'

export { KEPT_REQUESTS_KEY }
/** Dispatched on window whenever this page changes the kept requests. */
export const KEPT_REQUESTS_EVENT = KEPT_REQUESTS_KEY

/**
 * Dispatched on window, cancelable, with a KeptRequestSent detail when a kept request has been
 * sent later: a form still showing that request cancels it and shows its own success instead of
 * the notice's "Sent" toast (pending-request.ts).
 */
export const KEPT_REQUEST_SENT_EVENT = 'kept-request-sent'
export interface KeptRequestSent {
  requestId: string
}

export const KEPT_REQUEST_DAYS = 7
export const KEPT_REQUEST_TTL_MS = KEPT_REQUEST_DAYS * 24 * 60 * 60 * 1000

/** This page load: a request kept by it waits for `online`; one kept earlier goes on load. */
export const THIS_PAGE = crypto.randomUUID()

export interface KeptRequest {
  /** Also body.requestId: the function stores a repeat of it once. */
  requestId: string
  /** When it was kept (ms since the epoch). */
  keptAt: number
  /** THIS_PAGE of the page load that kept it. */
  keptBy?: string
  kind: ContactKind
  /** The guide or scorecard requested; null for a contact message. */
  title: string | null
  /** What is sent: name, email, phone, message, and the request's id and anti-bot fields. */
  body: FormRequestBody
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null // storage disabled (some private modes, blocked cookies)
  }
}

function isKeptRequest(value: unknown): value is KeptRequest {
  if (!value || typeof value !== 'object') return false
  const entry = value as Partial<KeptRequest>
  return (
    typeof entry.requestId === 'string' &&
    typeof entry.keptAt === 'number' &&
    typeof entry.kind === 'string' &&
    (entry.title === null || typeof entry.title === 'string') &&
    !!entry.body &&
    typeof entry.body === 'object' &&
    entry.body.requestId === entry.requestId
  )
}

function write(entries: KeptRequest[]): boolean {
  const store = storage()
  if (!store) return false
  try {
    if (entries.length) store.setItem(KEPT_REQUESTS_KEY, JSON.stringify(entries))
    else store.removeItem(KEPT_REQUESTS_KEY)
  } catch {
    return false // quota exceeded
  }
  window.dispatchEvent(new Event(KEPT_REQUESTS_EVENT))
  return true
}

/** The kept requests, oldest first; expired or unreadable ones are removed. */
export function readKeptRequests(now = Date.now()): KeptRequest[] {
  const raw = storage()?.getItem(KEPT_REQUESTS_KEY)
  if (raw == null) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    parsed = []
  }
  const all = Array.isArray(parsed) ? parsed : []
  const live = all.filter(
    (entry): entry is KeptRequest =>
      isKeptRequest(entry) && now - entry.keptAt < KEPT_REQUEST_TTL_MS,
  )
  if (live.length !== all.length) write(live)
  return live
}

/** Keeps a request to send later; false when this browser cannot keep it. */
export function keepRequest(
  entry: Omit<KeptRequest, 'keptAt' | 'keptBy'>,
  now = Date.now(),
): boolean {
  const others = readKeptRequests(now).filter((kept) => kept.requestId !== entry.requestId)
  return write([...others, { ...entry, keptAt: now, keptBy: THIS_PAGE }])
}

export function discardKeptRequest(requestId: string): void {
  write(readKeptRequests().filter((kept) => kept.requestId !== requestId))
}
