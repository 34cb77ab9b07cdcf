// Supabase records each applied migration by the timestamp its file name starts with (its
// version, the key of supabase_migrations.schema_migrations): two files with one version would
// make `supabase db push` refuse, or skip one, on the hosted project, while PGlite and the
// migration check, which go by the whole name, apply both. Helpers adding migrations at the same
// time pick their timestamps apart; this says so before a deploy does.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { openLocalDatabase } from '../../../server/local-database.ts'
import { MIGRATIONS_DIR } from '../../../server/migrations.ts'
import { timeLimit } from '../../harness/time-limit.ts'

const files = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql'))

describe('the migrations’ versions', () => {
  it('are a 14-digit timestamp and a name, as the Supabase CLI expects', () => {
    for (const file of files) expect(file).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/)
  })

  it('are each used once', () => {
    const shared = files.filter((file) =>
      files.some((other) => other !== file && other.slice(0, 14) === file.slice(0, 14)),
    )
    expect(shared).toEqual([])
  })
})

// The local server's database (PGlite) runs the same files: there too every function sets its
// search_path (20261201203000_functions_search_path.sql), and still finds what it names.
describe('the migrations on the local database', () => {
  it(
    'leave every function with search_path set, and the functions working',
    async () => {
      const local = await openLocalDatabase('memory://')
      try {
        const { rows } = await local.db.query<{ name: string; settings: string[] | null }>(
          `select p.proname as name, p.proconfig as settings
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public' order by 1`,
        )
        expect(rows.length).toBeGreaterThanOrEqual(8)
        for (const { name, settings } of rows)
          expect({ name, settings }).toEqual({
            name,
            settings: expect.arrayContaining(['search_path=""']),
          })
        const { rows: counted } = await local.db.query<{ retry: number }>(
          `select public.hit_contact_rate_limit('client', 5, 60) as retry`,
        )
        expect(counted).toEqual([{ retry: 0 }])
      } finally {
        await local.close()
      }
    },
    timeLimit(60_000),
  )
})
