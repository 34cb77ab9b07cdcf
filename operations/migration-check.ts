// The migration check (`npm run check:migrations`, scripts/deploy/migration-check.ts): every
// file of supabase/migrations/, in order, applied to an empty PostgreSQL set up as Supabase sets
// up a new project, then every table's and function's grants read back against what
// supabase/README.md promises. It runs in the pull request's `migrations`
// job (.github/workflows/ci.yml, on the postgres image) and in `npm test`
// (tests/postgres/migration-check.test.ts, on Debian's server). The database is named by libpq's
// own variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE), so no password is ever on a
// command line.
//
// As on Supabase (github.com/supabase/postgres, migrations/db/init-scripts/ and
// 10000000000000_demote-postgres.sql): `supabase_admin` is the superuser, and the connection must
// be a superuser other than `postgres`, because `postgres`, which owns what the migrations create
// (`supabase db push` connects as it), is not one. Its default privileges in `public` grant all
// to anon, authenticated and service_role: a new table or function is open to the public key's
// roles unless its migration revokes that. Extensions that need a superuser are created by the
// superuser first, as Supabase's platform does, so a migration's `create extension if not
// exists` finds them. `psql` is the client; tests/unit/scripts/deploy.test.ts puts a recording
// fake on PATH, tests/postgres/ the real one. Last, every function the migrations made must set
// its search_path, as Supabase's database linter asks.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/** A process environment: where the connection's libpq variables are read. */
export type Env = Record<string, string | undefined>
export const MIGRATIONS_DIR = 'supabase/migrations'
/** The role that applies the migrations and owns what they create, as on Supabase. */
export const MIGRATION_OWNER = 'postgres'
/** What the public key reaches the database as (the API's roles for visitors). */
export const PUBLIC_KEY_ROLES = ['anon', 'authenticated'] as const
/** What the functions reach the database as (the secret service-role key). */
export const FUNCTION_ROLE = 'service_role'
/** What the function does to every table of `public` (reads, stores, marks, purges). */
export const FUNCTION_TABLE_PRIVILEGES = ['select', 'insert', 'update', 'delete'] as const

/**
 * Supabase's roles, schema grants and default privileges, run by the superuser. Idempotent,
 * so a database that has them already (a second run) is left as it is.
 */
export const SUPABASE_SETUP_SQL = `
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) or current_user = '${MIGRATION_OWNER}' then
    raise exception 'connect as a superuser other than ${MIGRATION_OWNER} (Supabase''s is supabase_admin): ${MIGRATION_OWNER} must be the non-superuser that applies the migrations';
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin superuser createdb createrole replication bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = '${MIGRATION_OWNER}') then
    create role ${MIGRATION_OWNER} login;
  end if;
  alter role ${MIGRATION_OWNER} nosuperuser createdb createrole login replication bypassrls;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  execute format('grant all on database %I to ${MIGRATION_OWNER}', current_database());
end
$$;
grant anon, authenticated, service_role to authenticator;
grant usage, create on schema public to ${MIGRATION_OWNER};
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role ${MIGRATION_OWNER}, supabase_admin in schema public
  grant all on tables to ${MIGRATION_OWNER}, anon, authenticated, service_role;
alter default privileges for role ${MIGRATION_OWNER}, supabase_admin in schema public
  grant all on functions to ${MIGRATION_OWNER}, anon, authenticated, service_role;
alter default privileges for role ${MIGRATION_OWNER}, supabase_admin in schema public
  grant all on sequences to ${MIGRATION_OWNER}, anon, authenticated, service_role;
create schema if not exists extensions;
grant usage on schema extensions to ${MIGRATION_OWNER}, anon, authenticated, service_role;
do $$
begin
  if exists (select from pg_available_extensions where name = 'pgcrypto') then
    create extension if not exists pgcrypto with schema extensions;
  end if;
  if exists (select from pg_available_extensions where name = 'uuid-ossp') then
    create extension if not exists "uuid-ossp" with schema extensions;
  end if;
  -- pg_cron loads only at the server's start and lives in one database; where it does, created
  -- as Supabase does (its after-create script: in pg_catalog, the owner may read jobs and schedule).
  if exists (select from pg_available_extensions where name = 'pg_cron')
     and current_setting('shared_preload_libraries') ~ '\\mpg_cron\\M'
     and current_setting('cron.database_name', true) = current_database()
     and not exists (select from pg_extension where extname = 'pg_cron') then
    create extension pg_cron with schema pg_catalog;
    grant usage on schema cron to ${MIGRATION_OWNER} with grant option;
    grant all on all functions in schema cron to ${MIGRATION_OWNER} with grant option;
    grant all privileges on all tables in schema cron to ${MIGRATION_OWNER} with grant option;
    revoke all on table cron.job from ${MIGRATION_OWNER};
    grant select on table cron.job to ${MIGRATION_OWNER} with grant option;
  end if;
end
$$;
`

/** Runs one migration file's statements as the owner: the session becomes that role. */
export const AS_OWNER_SQL = `set session authorization ${MIGRATION_OWNER}`

/** Every table, view and sequence of `public` with each role's privileges, read back. */
export const GRANTS_REPORT_SQL = `
select c.relname as object,
  case c.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'view' else 'table' end as kind,
  case when c.relkind in ('r', 'p') then case when c.relrowsecurity then 'on' else 'OFF' end else '' end as rls,
  ${[...PUBLIC_KEY_ROLES, FUNCTION_ROLE]
    .map(
      (role) => `coalesce((select string_agg(p, ',' order by p) from unnest(array[
      'select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger', 'usage'
    ]) p where case when c.relkind = 'S'
      then p in ('select', 'update', 'usage') and has_sequence_privilege('${role}', c.oid, p)
      else p <> 'usage' and has_table_privilege('${role}', c.oid, p) end), '-') as ${role}`,
    )
    .join(',\n  ')}
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S')
union all
select p.oid::regprocedure::text, 'function', '',
  ${[...PUBLIC_KEY_ROLES, FUNCTION_ROLE]
    .map(
      (role) =>
        `case when has_function_privilege('${role}', p.oid, 'execute') then 'execute' else '-' end`,
    )
    .join(', ')}
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = 'public'
order by 2, 1
`

/**
 * A check run as one DO block: each row of `rows` goes through `checks`, which add a sentence to
 * `problems` for what is wrong; `after` may add more; it fails with every sentence at once.
 */
const problemsCheck = (rows: string, checks: string, after = '') => `
do $$
declare
  problems text[] := '{}';
  item record;
begin
  for item in ${rows.trim()} loop
${checks.replace(/^\n/, '')}  end loop;
${after.replace(/^\n/, '')}  if cardinality(problems) > 0 then
    raise exception '%', array_to_string(problems, '; ');
  end if;
end
$$;
`

/**
 * What supabase/README.md promises, checked on every object of `public`: the public key's roles
 * reach none of them; the function's role may use every table and call every function; every
 * table has row level security on (the second lock, should a grant ever slip through).
 */
export const GRANTS_CHECK_SQL = problemsCheck(
  GRANTS_REPORT_SQL,
  `
    if ${PUBLIC_KEY_ROLES.map((role) => `item.${role} <> '-'`).join(' or ')} then
      problems := problems || format('%s %s is open to the public key (${PUBLIC_KEY_ROLES.map((role) => `${role}: %s`).join(', ')})',
        item.kind, item.object, ${PUBLIC_KEY_ROLES.map((role) => `item.${role}`).join(', ')});
    end if;
    if item.kind = 'table' and not (string_to_array(item.${FUNCTION_ROLE}, ',') @> array[${FUNCTION_TABLE_PRIVILEGES.map((privilege) => `'${privilege}'`).join(', ')}]) then
      problems := problems || format('table %s: ${FUNCTION_ROLE} has %s, needs ${FUNCTION_TABLE_PRIVILEGES.join(',')}', item.object, item.${FUNCTION_ROLE});
    end if;
    if item.kind = 'function' and item.${FUNCTION_ROLE} <> 'execute' then
      problems := problems || format('function %s: ${FUNCTION_ROLE} cannot execute it', item.object);
    end if;
    if item.rls = 'OFF' then
      problems := problems || format('table %s has row level security off', item.object);
    end if;
`,
  `
  if not exists (select from pg_tables where schemaname = 'public') then
    problems := problems || 'the migrations created no table in public'::text;
  end if;
`,
)

/** What a function's definition must say (Supabase's advice for its linter's rule). */
export const SEARCH_PATH_SETTING = "set search_path = ''"

/**
 * Every function the migrations made (owned by the owner, in any schema, not an extension's)
 * with its settings (pg_proc.proconfig, such as {search_path=""}), read back.
 */
export const FUNCTION_SETTINGS_SQL = `
select format('%I.%I(%s)', n.nspname, p.proname, oidvectortypes(p.proargtypes)) as function,
  coalesce(p.proconfig, '{}') as settings
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where pg_get_userbyid(p.proowner) = '${MIGRATION_OWNER}' and p.prokind in ('f', 'p')
  and not exists (select from pg_depend d where d.classid = 'pg_proc'::regclass
    and d.objid = p.oid and d.deptype = 'e')
order by 1
`

/**
 * Supabase's database linter (function_search_path_mutable) warns on a function that sets no
 * search_path: it would find what it names by its caller's. Every function the migrations made
 * must set one, and the sentence says what to write.
 */
export const SEARCH_PATH_CHECK_SQL = problemsCheck(
  FUNCTION_SETTINGS_SQL,
  `
    if not exists (select from unnest(item.settings) setting where setting like 'search_path=%') then
      problems := problems || format('function %s sets no search_path, so it finds tables and functions by its caller''s: write "${SEARCH_PATH_SETTING.replace(/'/g, "''")}" in its definition (after its language line; or, for a function an applied migration made, "alter function %s ${SEARCH_PATH_SETTING.replace(/'/g, "''")};" in a new migration) and name every table and function in its body with its schema (public.contact_requests)',
        item.function, item.function);
    end if;
`,
)

/** The migration files, in the order Supabase applies them (by their timestamp names). */
export function migrationFiles(dir = path.join(root, MIGRATIONS_DIR)): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => path.join(dir, file))
}

/**
 * Runs psql with the connection of `env`; SQL of our own goes by standard input (so the log
 * shows its name, not its text), a migration by its file name.
 */
function psql(env: Env, args: readonly string[], sql?: { name: string; text: string }): void {
  const all = ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', ...args]
  console.log(`$ psql ${all.join(' ')}${sql ? ` -f - (${sql.name})` : ''}`)
  const result = spawnSync('psql', sql ? [...all, '-f', '-'] : all, {
    input: sql?.text,
    stdio: [sql ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    env: env as NodeJS.ProcessEnv,
  })
  if (result.error)
    throw new Error(`psql could not be started (${result.error.message}): is it on PATH?`)
  process.stdout.write(result.stdout)
  process.stderr.write(result.stderr)
  if (result.status !== 0) {
    // psql's own message ("psql:<file>:<line>: ERROR: ..."), so the annotation says what failed.
    const reason = result.stderr.match(/ERROR:\s+(.*)/)?.[1] ?? `psql exit status ${result.status}`
    throw new Error(`${sql?.name ?? path.basename(args.at(-1) ?? '')} failed: ${reason}`)
  }
}

export function applyMigrations(env: Env, dir?: string): void {
  if (!env.PGHOST?.trim())
    throw new Error(
      'PGHOST is not set: name an empty Postgres database with PGHOST, PGPORT, PGUSER (a superuser other than postgres), PGPASSWORD and PGDATABASE',
    )
  psql(env, [], { name: "Supabase's roles and default privileges", text: SUPABASE_SETUP_SQL })
  const files = migrationFiles(dir)
  // Each file in a transaction of its own, as `supabase db push` applies them, as the owner.
  for (const file of files) psql(env, ['--single-transaction', '-c', AS_OWNER_SQL, '-f', file])
  psql(env, [], { name: 'the grants of public, read back', text: GRANTS_REPORT_SQL })
  psql(env, [], { name: 'the grants checked against supabase/README.md', text: GRANTS_CHECK_SQL })
  psql(env, [], { name: "every function's settings, read back", text: FUNCTION_SETTINGS_SQL })
  psql(env, [], { name: "the functions' search_path checked", text: SEARCH_PATH_CHECK_SQL })
  console.log(
    `Applied ${files.length} migrations in order as ${MIGRATION_OWNER}; every grant in public as intended; every function sets its search_path.`,
  )
}
