// The pull request's migration check (.github/workflows/ci.yml, job `migrations`): every file
// of supabase/migrations/, in order, applied to a fresh Postgres in which the roles Supabase has
// (anon, authenticated, service_role) were created first, so the migrations' grants and revokes
// run for real (the local PGlite has no such roles and skips them). Then the grants are read
// back: the public key's roles must not reach the tables, the function's role must.
//   PGHOST=127.0.0.1 PGUSER=postgres PGPASSWORD=postgres tsx scripts/deploy/migration-check.ts
// (libpq's own variables, so no password is ever on a command line).
// `psql` is the runner's PostgreSQL client; the tests put a recording fake on PATH.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { runCli, type Env } from './ci-settings.ts'

const root = path.resolve(import.meta.dirname, '../..')
export const MIGRATIONS_DIR = 'supabase/migrations'

/** The roles as Supabase creates them: no login of their own, reached through the API. */
export const SUPABASE_ROLES_SQL = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;
grant usage on schema public to anon, authenticated, service_role;
`

/** What the migrations promise about access (supabase/README.md): fails loudly otherwise. */
export const GRANTS_CHECK_SQL = `
do $$
declare
  role text;
begin
  foreach role in array array['anon', 'authenticated'] loop
    if has_table_privilege(role, 'public.contact_requests', 'select')
       or has_table_privilege(role, 'public.contact_requests', 'insert') then
      raise exception 'role % can read or write public.contact_requests', role;
    end if;
  end loop;
  if not has_table_privilege('service_role', 'public.contact_requests', 'select,insert,update') then
    raise exception 'service_role cannot use public.contact_requests';
  end if;
end
$$;
`

/** The migration files, in the order Supabase applies them (by their timestamp names). */
export function migrationFiles(): string[] {
  return readdirSync(path.join(root, MIGRATIONS_DIR))
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => path.join(MIGRATIONS_DIR, file))
}

export function applyMigrations(env: Env): void {
  if (!env.PGHOST?.trim())
    throw new Error(
      'PGHOST is not set: name an empty Postgres database with PGHOST, PGPORT, PGUSER, PGPASSWORD and PGDATABASE',
    )
  const psql = (...args: string[]) =>
    runCli('psql', ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', ...args], env)
  psql('-c', SUPABASE_ROLES_SQL)
  // Each file in a transaction of its own, as `supabase db push` applies them.
  for (const file of migrationFiles()) psql('--single-transaction', '-f', path.join(root, file))
  psql('-c', GRANTS_CHECK_SQL)
  console.log(`Applied ${migrationFiles().length} migrations in order; grants as intended.`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  try {
    applyMigrations(process.env)
  } catch (error) {
    console.log(
      `::error title=Migrations::${error instanceof Error ? error.message : String(error)}`,
    )
    process.exitCode = 1
  }
