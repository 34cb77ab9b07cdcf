// The migration check (operations/migration-check.ts) on a real PostgreSQL set up as Supabase
// sets up a project: the migrations pass it as they are, owned by the non-superuser `postgres`;
// and it catches what Supabase would do differently from a plain superuser database: a table
// left open by Supabase's default privileges, a migration that needs a superuser, a function
// without its own search_path (Supabase's linter: function_search_path_mutable).
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FUNCTION_ROLE,
  FUNCTION_SETTINGS_SQL,
  MIGRATION_OWNER,
  migrationFiles,
  PUBLIC_KEY_ROLES,
  SEARCH_PATH_SETTING,
} from '../../operations/migration-check.ts'
import { startPostgres, SUPERUSER, type Postgres } from '../harness/postgres.ts'
import { checkMigrations } from './supabase-project.ts'

let pg: Postgres
let folder: string
beforeAll(async () => {
  pg = await startPostgres()
  folder = mkdtempSync(path.join(tmpdir(), 'migrations-'))
})
afterAll(async () => {
  await pg?.stop()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

let databases = 0
/** An empty database of its own for each run: Supabase's set-up is per database. */
function emptyDatabase() {
  const name = `check_${++databases}`
  pg.psql(`create database ${name}`)
  return { name, env: { ...pg.env(), PGDATABASE: name } }
}

/** The project's migrations, then `extra` as the last one, in a folder of their own. */
function migrationsWith(name: string, extra: string) {
  const dir = mkdtempSync(path.join(folder, 'set-'))
  for (const file of migrationFiles()) copyFileSync(file, path.join(dir, path.basename(file)))
  writeFileSync(path.join(dir, `99999999999999_${name}.sql`), extra)
  return dir
}

describe('the migration check on a real PostgreSQL', () => {
  it('passes the migrations, applied by the non-superuser owner, with Supabase’s defaults', () => {
    // The database pg_cron works in, as Supabase's `postgres`: the other tests take empty ones.
    const env = pg.env()
    const name = pg.database
    expect(checkMigrations(env)).toBeUndefined()
    const run = { database: name }
    expect(
      pg.rows(`select rolsuper from pg_roles where rolname = '${MIGRATION_OWNER}'`, run),
    ).toEqual([{ rolsuper: false }])
    const tables = pg.rows<{ name: string; owner: string; rls: boolean }>(
      `select relname as name, pg_get_userbyid(relowner) as owner, relrowsecurity as rls
       from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
      run,
    )
    expect(tables.map(({ name }) => name)).toContain('contact_requests')
    for (const table of tables) {
      expect(table).toMatchObject({ owner: MIGRATION_OWNER, rls: true })
      for (const role of PUBLIC_KEY_ROLES)
        expect(
          pg.rows(
            `select 1 from information_schema.role_table_grants
             where grantee = '${role}' and table_schema = 'public' and table_name = '${table.name}'`,
            run,
          ),
        ).toEqual([])
      expect(
        pg.rows(
          `select has_table_privilege('${FUNCTION_ROLE}', 'public.${table.name}', 'select,insert,update,delete') as ok`,
          run,
        ),
      ).toEqual([{ ok: true }])
    }
    // pg_cron needs a superuser to be created: made first, as on Supabase, a migration's own
    // statement finds it, and the owner may read the jobs.
    expect(
      pg.rows(
        `select pg_get_userbyid(extowner) as owner from pg_extension where extname = 'pg_cron'`,
        run,
      ),
    ).toEqual([{ owner: SUPERUSER }])
    pg.psql(
      `set role ${MIGRATION_OWNER}; create extension if not exists pg_cron with schema pg_catalog; select count(*) from cron.job`,
      run,
    )
    // Supabase's default privileges are in place: what the owner creates now is open to anon.
    pg.psql(`set role ${MIGRATION_OWNER}; create table public.later (id int)`, run)
    expect(
      pg.rows(`select has_table_privilege('anon', 'public.later', 'select') as open`, run),
    ).toEqual([{ open: true }])
  })

  it('leaves every function of the migrations with its search_path set, read from pg_proc', () => {
    const run = { database: pg.database }
    if (!pg.rows(`select 1 from pg_tables where tablename = 'contact_requests'`, run).length)
      expect(checkMigrations(pg.env())).toBeUndefined()
    // Read straight from the catalogue, not through the check's own query.
    const functions = pg.rows<{ name: string; settings: string[] | null }>(
      `select n.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')' as name,
         p.proconfig as settings
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname not in ('pg_catalog', 'information_schema', 'cron', 'extensions', 'net', 'vault')
       order by 1`,
      run,
    )
    expect(functions.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'public.hit_contact_rate_limit(text, integer, integer)',
        'public.take_contact_mail_budget(text, integer)',
        'public.lock_contact_mail_budget(text)',
        'public.contact_unsent_counts(timestamp with time zone)',
        'public.purge_expired_contact_requests(timestamp with time zone)',
      ]),
    )
    expect(functions.length).toBeGreaterThanOrEqual(8)
    for (const { name, settings } of functions)
      expect({ name, settings }).toEqual({
        name,
        settings: expect.arrayContaining(['search_path=""']),
      })
    // The check's own query sees the same functions.
    expect(
      pg.rows<{ function: string }>(FUNCTION_SETTINGS_SQL, run).map((row) => row.function),
    ).toEqual(functions.map(({ name }) => name))
    // Each still runs with nothing but pg_catalog on its path: its names carry their schema.
    expect(
      pg.rows(`select public.contact_unsent_counts(now()) ->> 'gaveUp' as gave_up`, run),
    ).toEqual([{ gave_up: '0' }])
  })

  it('fails a function that sets no search_path, saying what to write', () => {
    const dir = migrationsWith(
      'mutable_search_path',
      `create function public.note_count() returns bigint language sql
         as $$ select count(*) from public.contact_requests $$;
       revoke all on function public.note_count() from public, anon, authenticated;
       grant execute on function public.note_count() to service_role;`,
    )
    const message = checkMigrations(emptyDatabase().env, dir)
    expect(message).toBe(
      `the functions' search_path checked failed: function public.note_count() sets no search_path, so it finds tables and functions by its caller's: write "${SEARCH_PATH_SETTING}" in its definition (after its language line; or, for a function an applied migration made, "alter function public.note_count() ${SEARCH_PATH_SETTING};" in a new migration) and name every table and function in its body with its schema (public.contact_requests)`,
    )
  })

  it('passes a function written as that sentence says', () => {
    const dir = migrationsWith(
      'fixed_search_path',
      `create function public.note_count() returns bigint language sql
         ${SEARCH_PATH_SETTING}
         as $$ select count(*) from public.contact_requests $$;
       revoke all on function public.note_count() from public, anon, authenticated;
       grant execute on function public.note_count() to service_role;`,
    )
    const { env, name } = emptyDatabase()
    expect(checkMigrations(env, dir)).toBeUndefined()
    expect(pg.rows(`select public.note_count() as count`, { database: name })).toEqual([
      { count: 0 },
    ])
  })

  it('fails a table that its migration leaves open to the public key', () => {
    const dir = migrationsWith(
      'forgotten_revoke',
      'create table public.notes (id int primary key);\nalter table public.notes enable row level security;\n',
    )
    const message = checkMigrations(emptyDatabase().env, dir)
    expect(message).toMatch(
      /table notes is open to the public key \(anon: delete,insert,references,select,trigger,truncate,update/,
    )
  })

  it('fails a table without row level security, and a function the public key may call', () => {
    const dir = migrationsWith(
      'no_rls',
      `create table public.notes (id int primary key);
       revoke all on table public.notes from anon, authenticated;
       create function public.note_count() returns bigint language sql as $$ select count(*) from public.notes $$;`,
    )
    const message = checkMigrations(emptyDatabase().env, dir)
    expect(message).toContain('table notes has row level security off')
    expect(message).toContain(
      'function note_count() is open to the public key (anon: execute, authenticated: execute)',
    )
  })

  it('applies migrations without superuser rights', () => {
    expect(
      checkMigrations(
        emptyDatabase().env,
        migrationsWith('needs_superuser', `alter role ${MIGRATION_OWNER} superuser;`),
      ),
    ).toMatch(/needs_superuser\.sql failed: (must be superuser|permission denied)/)
  })

  it('refuses to run as postgres, which is no superuser on Supabase', () => {
    pg.psql(`alter role ${MIGRATION_OWNER} password 'owner-password'`)
    const message = checkMigrations({
      ...emptyDatabase().env,
      PGUSER: MIGRATION_OWNER,
      PGPASSWORD: 'owner-password',
    })
    expect(message).toContain(`connect as a superuser other than ${MIGRATION_OWNER}`)
  })
})
