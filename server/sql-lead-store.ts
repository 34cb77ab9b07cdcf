// LeadStore on a plain SQL connection (PGlite locally), calling the same SQL functions the
// Supabase store calls through the REST API.
import {
  INSERTED_COLUMNS,
  insertedValues,
  toStoredContactRequest,
  toUnsentCounts,
  type ContactRequestRow,
} from '../supabase/functions/send-contact-email/contact-request-row.ts'
import {
  CONTACT_REQUEST_COLUMNS,
  type LeadStore,
  type StoredContactRequest,
  type UnsentCounts,
} from '../supabase/functions/send-contact-email/lead-store.ts'
import { IN_FLIGHT_LIMIT_MS } from '../supabase/functions/send-contact-email/retry-schedule.ts'
import { journalOf, type LeadJournal } from './lead-journal.ts'

export interface SqlClient {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

/** A connection that can also run a transaction (PGlite's). */
export interface TransactionalSqlClient extends SqlClient {
  transaction<T>(callback: (tx: SqlClient) => Promise<T>): Promise<T>
}

/** The local store: the function's LeadStore plus what backups and restores need. */
export interface SqlLeadStore extends LeadStore {
  /** How many requests are stored. */
  countContactRequests(): Promise<number>
  /** Every stored request, oldest first: a backup's rows. */
  exportContactRequests(): Promise<StoredContactRequest[]>
  /** Inserts the rows not stored yet (by id and request id), journaled; answers how many. */
  restoreContactRequests(rows: StoredContactRequest[]): Promise<number>
}

const fields = Object.keys(CONTACT_REQUEST_COLUMNS) as (keyof StoredContactRequest)[]
const allColumns = fields.map((field) => CONTACT_REQUEST_COLUMNS[field])

/**
 * Inserts whole stored rows (a journal replay, a restore) with their own ids and times; rows
 * whose id or request id is already stored are left alone. Answers the rows inserted.
 */
export async function insertStoredRows(
  db: SqlClient,
  rows: StoredContactRequest[],
): Promise<StoredContactRequest[]> {
  const inserted: StoredContactRequest[] = []
  for (const row of rows) {
    const result = await db.query<ContactRequestRow>(
      `insert into public.contact_requests (${allColumns.join(', ')})
       values (${allColumns.map((_, index) => `$${index + 1}`).join(', ')})
       on conflict do nothing
       returning *`,
      // A row journaled or backed up before a column existed lacks it: the column's default.
      fields.map((field) => row[field] ?? null),
    )
    if (result.rows[0]) inserted.push(toStoredContactRequest(result.rows[0]))
  }
  return inserted
}

/** Runs `work` in a transaction whose writes are journaled before it commits. */
async function journaled<T>(
  db: SqlClient,
  journal: LeadJournal | undefined,
  work: (tx: SqlClient, journal: LeadJournal | undefined) => Promise<T>,
): Promise<T> {
  if (!journal || !('transaction' in db)) return work(db, undefined)
  // The journal is flushed inside the transaction: if the flush fails, nothing is committed and
  // the caller answers 503; if the commit then fails, the journal's copy is replayed on start.
  return (db as TransactionalSqlClient).transaction((tx) => work(tx, journal))
}

// A repeated request_id inserts nothing (on conflict do nothing), so the first row is read back.
const insertSql = `insert into public.contact_requests (${INSERTED_COLUMNS.join(', ')})
  values (${INSERTED_COLUMNS.map((_, index) => `$${index + 1}`).join(', ')})
  on conflict (request_id) do nothing
  returning *`

export function createSqlLeadStore(db: SqlClient): SqlLeadStore {
  // A database opened on disk has a journal: every new row is on the disk before it is answered.
  const journal = journalOf(db)

  async function findByRequestId(requestId: string) {
    const { rows } = await db.query<ContactRequestRow>(
      'select * from public.contact_requests where request_id = $1',
      [requestId],
    )
    if (!rows[0]) return null
    const row = toStoredContactRequest(rows[0])
    // A repeat is answered 200 like the first, so only once the first is on the disk too.
    await journal?.ensureDurable(row)
    return row
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

    async releaseHeld(budget, now) {
      const { rows } = await db.query<{ row: ContactRequestRow | null }>(
        'select public.release_held_contact_request($1, $2, $3, $4, $5) as row',
        [budget.hour, budget.max, budget.unverifiedMax, now, IN_FLIGHT_LIMIT_MS / 1000],
      )
      const row = rows[0]?.row
      return row ? toStoredContactRequest(row) : null
    },

    async claimRetry({ budget, now, everyWaiting, skip }) {
      const { rows } = await db.query<{ row: ContactRequestRow | null }>(
        'select public.claim_contact_retry($1, $2, $3, $4, $5, $6, $7::uuid[]) as row',
        [
          budget?.hour ?? null,
          budget?.max ?? null,
          budget?.unverifiedMax ?? null,
          now,
          IN_FLIGHT_LIMIT_MS / 1000,
          everyWaiting,
          skip,
        ],
      )
      const row = rows[0]?.row
      return row ? toStoredContactRequest(row) : null
    },

    async unsentCounts(now) {
      const { rows } = await db.query<{ counts: Omit<UnsentCounts, 'checkedAt'> }>(
        'select public.contact_unsent_counts($1) as counts',
        [now],
      )
      return toUnsentCounts(rows[0]!.counts, now)
    },

    purgeSentBefore(before) {
      return journaled(db, journal, async (tx, journal) => {
        const { rows } = await tx.query<{ ids: string[] }>(
          'select public.purge_expired_contact_requests($1) as ids',
          [before],
        )
        const ids = rows[0]!.ids
        // A replay must not bring expired rows back.
        if (ids.length > 0) await journal?.append([{ purged: ids }])
        return ids.length
      })
    },

    findByRequestId,

    async insertContactRequest(request) {
      const { rows } = await db.query<ContactRequestRow>(insertSql, insertedValues(request))
      if (rows[0]) {
        const row = toStoredContactRequest(rows[0])
        // Not inside a transaction: the database stays free for other requests while the journal
        // flushes many leads at once. The caller answers only after this resolves.
        try {
          await journal?.append([{ insert: row }])
        } catch (error) {
          // Not on the disk, so not kept: the caller answers 503 and the browser sends it again.
          await db
            .query('delete from public.contact_requests where id = $1', [row.id])
            .catch(() => {})
          throw error
        }
        return { row, created: true }
      }
      const first = request.requestId ? await findByRequestId(request.requestId) : null
      if (!first) throw new Error('insert contact_requests returned no row')
      return { row: first, created: false }
    },

    async recordDelivery(id, outcome) {
      await db.query('select public.record_contact_delivery($1, $2, $3, $4, $5)', [
        id,
        outcome.status,
        outcome.transport,
        outcome.status === 'failed' ? outcome.error : null,
        outcome.status === 'failed' ? outcome.nextAttemptAt : null,
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

    purgeSpam(olderThanDays) {
      return journaled(db, journal, async (tx, journal) => {
        const { rows } = await tx.query<{ id: string }>(
          `delete from public.contact_requests
           where status = 'spam' and created_at < now() - make_interval(days => $1)
           returning id`,
          [olderThanDays],
        )
        // A replay must not bring purged spam back.
        if (rows.length > 0) await journal?.append([{ purged: rows.map((row) => row.id) }])
        return rows.length
      })
    },

    async countContactRequests() {
      const { rows } = await db.query<{ count: number }>(
        'select count(*)::int as count from public.contact_requests',
      )
      return rows[0]!.count
    },

    async exportContactRequests() {
      const { rows } = await db.query<ContactRequestRow>(
        'select * from public.contact_requests order by created_at, id',
      )
      return rows.map(toStoredContactRequest)
    },

    restoreContactRequests(rows) {
      return journaled(db, journal, async (tx, journal) => {
        const inserted = await insertStoredRows(tx, rows)
        await journal?.append(inserted.map((row) => ({ insert: row })))
        return inserted.length
      })
    },
  }
}
