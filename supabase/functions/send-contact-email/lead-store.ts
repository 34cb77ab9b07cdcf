// What the handler needs from storage. Postgres holds both the leads and the rate-limit counters,
// so every function instance sees the same limits.
import type { ContactKind } from '../_shared/contact-request.ts'

export type DeliveryStatus = 'received' | 'sent' | 'failed'

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
}

export interface StoredContactRequest extends NewContactRequest {
  id: string
  createdAt: string
  status: DeliveryStatus
  attempts: number
  lastError: string | null
}

export interface RateLimit {
  max: number
  windowSeconds: number
}

/** 0 means the request may go ahead; otherwise how long until the window resets. */
export type RetryAfterSeconds = number

export type DeliveryOutcome = { ok: true } | { ok: false; error: string }

export interface LeadStore {
  /** Counts one submission for this client; answers how long to wait when over the limit. */
  hitRateLimit(clientHash: string, limit: RateLimit): Promise<RetryAfterSeconds>
  insertContactRequest(request: NewContactRequest): Promise<StoredContactRequest>
  recordDelivery(id: string, outcome: DeliveryOutcome): Promise<void>
  listContactRequests(filter?: {
    status?: DeliveryStatus
    limit?: number
  }): Promise<StoredContactRequest[]>
}
