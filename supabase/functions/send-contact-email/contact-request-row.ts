// The contact_requests row as Postgres returns it, and its mapping to the handler's shape.
import type { DeliveryStatus, StoredContactRequest } from './lead-store.ts'

export interface ContactRequestRow {
  id: string
  created_at: Date | string
  kind: StoredContactRequest['kind']
  title: string | null
  name: string
  email: string
  phone: string
  company: string | null
  message: string
  page: string | null
  user_agent: string | null
  client_hash: string
  status: DeliveryStatus
  attempts: number
  last_error: string | null
}

export function toStoredContactRequest(row: ContactRequestRow): StoredContactRequest {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    kind: row.kind,
    title: row.title,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    page: row.page,
    userAgent: row.user_agent,
    clientHash: row.client_hash,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
  }
}
