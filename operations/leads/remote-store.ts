// `npm run leads -- --remote`: the production table, read over a PostgreSQL connection as the
// leads_reader role (supabase/migrations/*_contact_requests_leads_reader.sql; docs/deploy.md,
// "Reading leads in production"). The same store code and the same SQL as the local listing and
// backup, each read in a read-only transaction: nothing is written, whatever role connects.
import type pg from 'pg'
import { CONTACT_REQUEST_COLUMNS } from '../../supabase/functions/send-contact-email/lead-store.ts'
import type {
  DeliveryStatus,
  StoredContactRequest,
} from '../../supabase/functions/send-contact-email/lead-store.ts'
import { makeBackup, type LeadsBackup } from '../../server/leads-backup.ts'
import { createSqlLeadStore, type SqlClient } from '../../server/sql-lead-store.ts'

/** The connection string the owner sets: the leads_reader role's, never the postgres one's. */
export const REMOTE_DATABASE_SETTING = 'LEADS_DATABASE_URL'
/** The role the migrations make for it, and the deploy gives a password. */
export const LEADS_READER_ROLE = 'leads_reader'

/** Production could not be read: one sentence for the owner, never the connection string. */
export class RemoteLeadsError extends Error {
  override name = 'RemoteLeadsError'
}

export interface RemoteLeads {
  list(filter?: { status?: DeliveryStatus; limit?: number }): Promise<StoredContactRequest[]>
  backup(): Promise<LeadsBackup>
  close(): Promise<void>
}

const reasonOf = (error: unknown) =>
  error instanceof Error
    ? error.message || String((error as { code?: string }).code)
    : String(error)

/** Runs `work` in one read-only transaction: a write in it would fail, whatever the grants. */
async function readOnly<T>(client: pg.Client, work: (db: SqlClient) => Promise<T>): Promise<T> {
  await client.query('begin transaction read only')
  try {
    const result = await work(client as unknown as SqlClient)
    await client.query('commit')
    return result
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  }
}

/** The columns this checkout reads that the production table lacks (an older schema). */
async function missingColumns(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = 'contact_requests'`,
  )
  if (rows.length === 0)
    throw new RemoteLeadsError(
      `The role of ${REMOTE_DATABASE_SETTING} cannot see public.contact_requests: connect as ${LEADS_READER_ROLE} to a project the backend deploy has migrated.`,
    )
  const present = new Set(rows.map((row) => row.column_name))
  return Object.values(CONTACT_REQUEST_COLUMNS).filter((column) => !present.has(column))
}

export async function openRemoteLeads(
  env: Record<string, string | undefined>,
): Promise<RemoteLeads> {
  const connectionString = env[REMOTE_DATABASE_SETTING]?.trim()
  if (!connectionString)
    throw new RemoteLeadsError(
      `Set ${REMOTE_DATABASE_SETTING} to the ${LEADS_READER_ROLE} role's connection string (in .env.leads or the environment; docs/deploy.md, "Reading leads in production") to read production.`,
    )
  // Loaded here only: the local commands never need it.
  const { default: pgModule } = await import('pg')
  let client: pg.Client
  try {
    client = new pgModule.Client({
      connectionString,
      connectionTimeoutMillis: 15_000,
      application_name: 'npm run leads -- --remote',
    })
  } catch (error) {
    throw new RemoteLeadsError(
      `${REMOTE_DATABASE_SETTING} is not a usable connection string (${reasonOf(error)}).`,
    )
  }
  // An error after connecting (the server went away) must not crash the process unhandled: the
  // query in flight fails with it and says so.
  client.on('error', () => {})
  try {
    await client.connect()
  } catch (error) {
    await client.end().catch(() => {})
    throw new RemoteLeadsError(
      `Could not connect with ${REMOTE_DATABASE_SETTING} (${reasonOf(error)}).`,
    )
  }

  const read = <T>(work: (store: ReturnType<typeof createSqlLeadStore>) => Promise<T>) =>
    readOnly(client, async (db) => {
      const missing = await missingColumns(db)
      if (missing.length)
        throw new RemoteLeadsError(
          `The production table public.contact_requests has no column ${missing.join(', ')}: its schema is older than this checkout's, so deploy the backend (its migrations) first.`,
        )
      return work(createSqlLeadStore(db))
    }).catch((error: unknown) => {
      if (error instanceof RemoteLeadsError) throw error
      throw new RemoteLeadsError(`Reading production failed (${reasonOf(error)}).`)
    })

  return {
    list: (filter) => read((store) => store.listContactRequests(filter)),
    backup: () => read(async (store) => makeBackup(await store.exportContactRequests())),
    close: () => client.end().catch(() => {}),
  }
}
