// Reading production leads (`npm run leads -- --remote`, operations/leads/remote-store.ts) as the role the
// owner's guide names, on a real PostgreSQL set up as a Supabase project with the migrations
// (./supabase-project.ts): the deploy's step gives leads_reader its login
// (operations/leads-reader.ts); under it reading works and every write is refused; the
// listing is the local one, character for character; without its setting the command connects
// to nothing; an older table is named as such.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leadsReaderSql, scramVerifier } from '../../operations/leads-reader.ts'
import { MIGRATION_OWNER } from '../../operations/migration-check.ts'
import { LEADS_READER_ROLE, REMOTE_DATABASE_SETTING } from '../../operations/leads/remote-store.ts'
import { startPostgres, type Postgres } from '../harness/postgres.ts'
import { timeLimit } from '../harness/time-limit.ts'
import { supabaseProject } from './supabase-project.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
const PASSWORD = 'leads-reader-password-'.padEnd(48, '5')

let postgres: Postgres
let folder: string
beforeAll(async () => {
  postgres = await startPostgres({ cron: false })
  supabaseProject(postgres)
  folder = await mkdtemp(path.join(tmpdir(), 'leads-remote-'))
  // Three leads as the function stores them, one of each waiting kind and one sent.
  postgres.psql(`
    insert into public.contact_requests (id, created_at, kind, title, name, email, phone, company,
      message, page, client_hash, request_id, status, attempts, transport, last_error)
    values
      ('0b7c1f9e-2d4a-4c3e-9f1a-6b2d8e4c7a10', '2026-11-20T10:00:00Z', 'contact', null,
       'Ada Example', 'ada@example.com', '+1 555 0100', 'Acme', E'Hello,\\nplease call.',
       '/contact', 'hash-1', '5d2f6a3b-1c4e-4f8a-9b0d-7e6c5a4b3c21', 'failed', 3, 'resend',
       'Resend answered 503'),
      ('1c8d2a0f-3e5b-4d4f-8a2b-7c3e9f5d8b21', '2026-11-21T11:30:00Z', 'guide', 'Interview guide',
       'Bo Example', 'bo@example.com', '', null, 'Send the guide', '/resources', 'hash-2', null,
       'held', 0, null, null),
      ('2d9e3b1a-4f6c-4e5a-9b3c-8d4fa06e9c32', '2026-11-22T12:45:00Z', 'contact', null,
       'Cy Example', 'cy@example.com', '', null, 'Thanks', '/', 'hash-3', null, 'sent', 1,
       'resend', null);
  `)
})
afterAll(async () => {
  await postgres?.stop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

const deployStep = (password: string | undefined) =>
  postgres.psql(leadsReaderSql(password), { role: MIGRATION_OWNER })

/** `npm run leads` with these arguments and this environment (nothing else of this process's). */
const leads = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, LEADS_DATA_DIR: path.join(folder, 'unused'), ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )

async function asReader<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: postgres.connectionString(LEADS_READER_ROLE, PASSWORD),
  })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

describe('the owner’s read-only role', () => {
  it('cannot log in until the deploy gives it its password, as a verifier', async () => {
    await expect(asReader(() => Promise.resolve())).rejects.toThrow(
      /not permitted to log in|password authentication failed/,
    )
    deployStep(PASSWORD)
    deployStep(PASSWORD)
    const [stored] = postgres.rows<{ rolpassword: string; rolcanlogin: boolean }>(
      `select rolpassword, rolcanlogin from pg_authid where rolname = '${LEADS_READER_ROLE}'`,
    )
    // The deploy sends the verifier PostgreSQL would have made; twice, the same one.
    expect(stored).toEqual({ rolpassword: scramVerifier(PASSWORD), rolcanlogin: true })
    expect(await asReader(async (client) => (await client.query('select 1 as one')).rows)).toEqual([
      { one: 1 },
    ])
  })

  it('reads the leads, and every write is refused, even in a read-write transaction', async () => {
    await asReader(async (client) => {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from public.contact_requests',
      )
      expect(rows).toEqual([{ n: 3 }])
      expect((await client.query('show default_transaction_read_only')).rows).toEqual([
        { default_transaction_read_only: 'on' },
      ])
      const refused = async (sql: string, message: RegExp) =>
        expect(client.query(sql)).rejects.toThrow(message)
      await refused("update public.contact_requests set status = 'sent'", /read-only transaction/)
      await client.query('begin read write')
      await refused(
        "update public.contact_requests set status = 'sent'",
        /permission denied for table contact_requests/,
      )
      await client.query('rollback')
      for (const sql of [
        'delete from public.contact_requests',
        "insert into public.contact_requests (kind, name, email, message, client_hash) values ('contact', 'x', 'x', 'x', 'x')",
        'truncate public.contact_requests',
      ]) {
        await client.query('begin read write')
        await refused(sql, /permission denied for table contact_requests/)
        await client.query('rollback')
      }
      await refused(
        'select * from public.contact_rate_limits',
        /permission denied for table contact_rate_limits/,
      )
      await refused(
        "select public.record_contact_delivery('0b7c1f9e-2d4a-4c3e-9f1a-6b2d8e4c7a10', 'sent', 'log', null)",
        /permission denied for function record_contact_delivery/,
      )
    })
  })
})

describe('npm run leads -- --remote', { timeout: timeLimit(120_000) }, () => {
  const remote = () => ({
    [REMOTE_DATABASE_SETTING]: postgres.connectionString(LEADS_READER_ROLE, PASSWORD),
  })

  it('lists production as the local listing lists the same rows, and backs it up', async () => {
    const listed = await leads(['--remote'], remote())
    expect(listed.stderr).toBe('')
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain('2026-11-20T10:00:00.000Z  FAILED   contact  (attempts 3')
    const file = path.join(folder, 'production.json')
    const backup = await leads(['--backup', file, '--remote'], remote())
    expect(backup.stdout).toBe(`Backed up 3 production request(s) to ${file}.\n`)
    // The same rows in a local database, listed by the local command: the same text.
    const local = path.join(folder, 'local-copy')
    expect((await leads(['--restore', file, '--data-dir', local])).code).toBe(0)
    expect((await leads(['--data-dir', local])).stdout).toBe(listed.stdout)
    const failed = await leads(['--remote', '--status', 'failed', '--json'], remote())
    expect((JSON.parse(failed.stdout) as { id: string }[]).map((row) => row.id)).toEqual([
      '0b7c1f9e-2d4a-4c3e-9f1a-6b2d8e4c7a10',
    ])
    // Nothing was written: the rows are as they were.
    expect(postgres.rows('select count(*)::int as n from public.contact_requests')).toEqual([
      { n: 3 },
    ])
  })

  it('without its setting, names it and connects to nothing', async () => {
    let connections = 0
    const listener = createServer((socket) => {
      connections++
      socket.destroy()
    })
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const port = (listener.address() as { port: number }).port
    try {
      // libpq's variables would lead a careless client somewhere: they must not be used.
      const result = await leads(['--remote'], {
        [REMOTE_DATABASE_SETTING]: '',
        PGHOST: '127.0.0.1',
        PGPORT: String(port),
        PGUSER: LEADS_READER_ROLE,
      })
      expect(result.code).toBe(1)
      expect(result.stderr).toBe(
        `Set ${REMOTE_DATABASE_SETTING} to the ${LEADS_READER_ROLE} role's connection string (in .env.leads or the environment; docs/deploy.md, "Reading leads in production") to read production.\n`,
      )
      expect(connections).toBe(0)
    } finally {
      await new Promise((resolve) => listener.close(resolve))
    }
  })

  it('refuses what only the local database does', async () => {
    const result = await leads(['--remote', '--purge'], remote())
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      '--purge cannot be combined with --remote: in production the scheduled call purges spam older than 30 days.\n',
    )
  })

  it('says plainly when the production table is older than this checkout', async () => {
    postgres.psql(
      'alter table public.contact_requests rename column next_attempt_at to next_attempt_at_old',
    )
    try {
      const result = await leads(['--remote'], remote())
      expect(result.code).toBe(1)
      expect(result.stderr).toBe(
        "The production table public.contact_requests has no column next_attempt_at: its schema is older than this checkout's, so deploy the backend (its migrations) first.\n",
      )
    } finally {
      postgres.psql(
        'alter table public.contact_requests rename column next_attempt_at_old to next_attempt_at',
      )
    }
  })

  it('is locked again by a deploy without LEADS_READER_PASSWORD', async () => {
    deployStep(undefined)
    const result = await leads(['--remote'], remote())
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /^Could not connect with LEADS_DATABASE_URL \(.*(not permitted to log in|password authentication failed).*\)\.\n$/,
    )
    expect(result.stderr).not.toContain(PASSWORD)
  })
})
