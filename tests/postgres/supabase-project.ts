// A Supabase project as far as a plain PostgreSQL can be one: the migration check's set-up
// (roles, default privileges, pg_cron made by the superuser) and the migrations
// (operations/migration-check.ts), plus stand-ins for the two Supabase extensions Debian
// does not package, pg_net and Vault, made by the superuser with the signatures and the grants
// to `postgres` that Supabase's own (github.com/supabase/pg_net, github.com/supabase/vault, and
// supabase/postgres's after-create scripts) have.
import { vi } from 'vitest'
import { applyMigrations, MIGRATION_OWNER } from '../../operations/migration-check.ts'
import type { Postgres } from '../harness/postgres.ts'

/**
 * pg_net's `net.http_post`, which queues a request and returns its id; this one records the
 * call in `net.recorded_posts` instead of sending it.
 */
export const PG_NET_STAND_IN_SQL = `
create schema net;
create table net.recorded_posts (
  id bigserial primary key,
  url text,
  body jsonb,
  params jsonb,
  headers jsonb,
  timeout_milliseconds integer,
  called_by text not null default current_user
);
create function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint
language sql security definer set search_path = ''
as $$
  insert into net.recorded_posts (url, body, params, headers, timeout_milliseconds, called_by)
  values (url, body, params, headers, timeout_milliseconds, session_user)
  returning id
$$;
grant usage on schema net to ${MIGRATION_OWNER};
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to ${MIGRATION_OWNER};
`

/**
 * supabase_vault's table, view and functions; the secret is kept as it is given (the real one
 * encrypts it with a key the database server holds, and decrypts it in the view).
 */
export const VAULT_STAND_IN_SQL = `
create schema vault;
create table vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
create unique index on vault.secrets (name) where name is not null;
create view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at,
    updated_at
  from vault.secrets;
create function vault.create_secret(
  new_secret text,
  new_name text = null,
  new_description text = '',
  new_key_id uuid = null
) returns uuid
language sql security definer set search_path = ''
as $$
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, new_description)
  returning id
$$;
create function vault.update_secret(
  secret_id uuid,
  new_secret text = null,
  new_name text = null,
  new_description text = null,
  new_key_id uuid = null
) returns void
language sql security definer set search_path = ''
as $$
  update vault.secrets s set
    secret = coalesce(new_secret, s.secret),
    name = coalesce(new_name, s.name),
    description = coalesce(new_description, s.description),
    updated_at = now()
  where s.id = secret_id
$$;
grant usage on schema vault to ${MIGRATION_OWNER} with grant option;
grant select, delete on vault.secrets, vault.decrypted_secrets to ${MIGRATION_OWNER} with grant option;
grant execute on function vault.create_secret, vault.update_secret to ${MIGRATION_OWNER} with grant option;
`

/**
 * Runs the migration check (set-up and migrations) on `env`'s database, its output silenced;
 * returns its error's message, or undefined when it passed.
 */
export function checkMigrations(env: Record<string, string>, dir?: string): string | undefined {
  const quiet = [
    vi.spyOn(console, 'log').mockImplementation(() => {}),
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true),
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true),
  ]
  try {
    applyMigrations(env, dir)
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  } finally {
    for (const spy of quiet) spy.mockRestore()
  }
}

/** `pg`'s own database made a Supabase project with the migrations applied. */
export function supabaseProject(pg: Postgres): void {
  const failure = checkMigrations(pg.env())
  if (failure) throw new Error(`the migrations failed: ${failure}`)
}
