// LeadStore on a plain SQL connection (PGlite locally), calling the same SQL functions the
// Supabase store calls through the REST API.
import {
  toStoredContactRequest,
  type ContactRequestRow,
} from '../supabase/functions/send-contact-email/contact-request-row.ts'
import type {
  LeadStore,
  NewContactRequest,
} from '../supabase/functions/send-contact-email/lead-store.ts'

export interface SqlClient {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

export function createSqlLeadStore(db: SqlClient): LeadStore {
  return {
    async hitRateLimit(clientHash, limit) {
      const { rows } = await db.query<{ retry_after: number }>(
        'select public.hit_contact_rate_limit($1, $2, $3) as retry_after',
        [clientHash, limit.max, limit.windowSeconds],
      )
      return rows[0]!.retry_after
    },

    async insertContactRequest(request: NewContactRequest) {
      const { rows } = await db.query<ContactRequestRow>(
        `insert into public.contact_requests
           (kind, title, name, email, phone, company, message, page, user_agent, client_hash)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         returning *`,
        [
          request.kind,
          request.title,
          request.name,
          request.email,
          request.phone,
          request.company,
          request.message,
          request.page,
          request.userAgent,
          request.clientHash,
        ],
      )
      return toStoredContactRequest(rows[0]!)
    },

    async recordDelivery(id, outcome) {
      await db.query('select public.record_contact_delivery($1, $2)', [
        id,
        outcome.ok ? null : outcome.error,
      ])
    },

    async listContactRequests(filter = {}) {
      const { rows } = await db.query<ContactRequestRow>(
        `select * from public.contact_requests
         where ($1::text is null or status = $1)
         order by created_at desc, id desc
         limit $2`,
        [filter.status ?? null, filter.limit ?? 10_000],
      )
      return rows.map(toStoredContactRequest)
    },
  }
}
