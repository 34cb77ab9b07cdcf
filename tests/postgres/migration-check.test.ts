// The migration check (operations/migration-check.ts) on a real PostgreSQL set up as Supabase
// sets up a project: the migrations pass it as they are, owned by the non-superuser `postgres`;
// and it catches what Supabase would do differently from a plain superuser database: a table
// left open by Supabase's default privileges, a migration that needs a superuser.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FUNCTION_ROLE,
  MIGRATION_OWNER,
  migrationFiles,
  PUBLIC_KEY_ROLES,
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
