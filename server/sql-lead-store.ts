// LeadStore on a plain SQL connection (PGlite locally), calling the same SQL functions the
// Supabase store calls through the REST API.
import {
  INSERTED_COLUMNS,
  insertedValues,
  toStoredContactRequest,
  type ContactRequestRow,
} from '../supabase/functions/send-contact-email/contact-request-row.ts'
import type { LeadStore } from '../supabase/functions/send-contact-email/lead-store.ts'

export interface SqlClient {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

// A repeated request_id inserts nothing (on conflict do nothing), so the first row is read back.
const insertSql = `insert into public.contact_requests (${INSERTED_COLUMNS.join(', ')})
  values (${INSERTED_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')})
  on conflict (request_id) do nothing
  returning *`

export function createSqlLeadStore(db: SqlClient): LeadStore {
  async function findByRequestId(requestId: string) {
    const { rows } = await db.query<ContactRequestRow>(
      'select * from public.contact_requests where request_id = $1',
      [requestId],
    )
    return rows[0] ? toStoredContactRequest(rows[0]) : null
  }

  return {
    async hitRateLimit(clientHash, limit) {
      const { rows } = await db.query<{ retry_after: number }>(
        'select public.hit_contact_rate_limit($1, $2, $3) as retry_after',
        [clientHash, limit.max, limit.windowSeconds],
      )
      return rows[0]!.retry_after
    },

    async takeMailBudget(hour, max) {
      const { rows } = await db.query<{ taken: boolean }>(
        'select public.take_contact_mail_budget($1, $2) as taken',
        [hour, max],
      )
      return rows[0]!.taken
    },

    async releaseHeld(budget) {
      const { rows } = await db.query<{ row: ContactRequestRow | null }>(
        'select public.release_held_contact_request($1, $2, $3) as row',
        [budget.hour, budget.max, budget.unverifiedMax],
      )
      const row = rows[0]?.row
      return row ? toStoredContactRequest(row) : null
    },

    findByRequestId,

    async insertContactRequest(request) {
      const { rows } = await db.query<ContactRequestRow>(insertSql, insertedValues(request))
      if (rows[0]) return { row: toStoredContactRequest(rows[0]), created: true }
      const first = request.requestId ? await findByRequestId(request.requestId) : null
      if (!first) throw new Error('insert contact_requests returned no row')
      return { row: first, created: false }
    },

    async recordDelivery(id, outcome) {
      await db.query('select public.record_contact_delivery($1, $2, $3, $4)', [
        id,
        outcome.status,
        outcome.transport,
        outcome.status === 'failed' ? outcome.error : null,
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

    async releaseSpam(id) {
      const { rows } = await db.query<ContactRequestRow>(
        `update public.contact_requests set status = 'received'
         where id = $1 and status = 'spam' returning *`,
        [id],
      )
      return rows[0] ? toStoredContactRequest(rows[0]) : null
    },

    async purgeSpam(olderThanDays) {
      const { rows } = await db.query<{ id: string }>(
        `delete from public.contact_requests
         where status = 'spam' and created_at < now() - make_interval(days => $1)
         returning id`,
        [olderThanDays],
      )
      return rows.length
    },
  }
}
