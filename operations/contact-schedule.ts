// The contact function's scheduled maintenance call, made by the backend deploy
// (./backend-deploy.ts, after the functions; scheduleMaintenance below) on every deploy, so no
// SQL is ever run by hand: pg_cron calls `POST <function URL>` with RELEASE_HELD_HEADER and body `{}` every five
// minutes, through pg_net, the address and the secret read from Supabase's Vault when the job
// runs (Supabase's "Scheduling Edge Functions" guide). The SQL enables the three extensions,
// writes both Vault secrets only when they differ from what is stored (so a changed
// RELEASE_HELD_TOKEN reaches Vault on the next deploy, and an unchanged one writes nothing), and
// schedules the job only when no job of that name has this schedule and command. Re-running it
// changes nothing; what it prints is the job, never a secret.
//
// Nothing here is a migration: migrations run where pg_cron, pg_net and Vault do not exist
// (PGlite for `npm start`, the pull request's plain PostgreSQL), and they hold no secret.
// Tested on PostgreSQL with pg_cron and stand-ins for pg_net and Vault:
// tests/postgres/schedule.test.ts.
import { CONTACT_FUNCTION_PATH } from '../supabase/functions/_shared/function-name.ts'
import { RELEASE_HELD_HEADER } from '../supabase/functions/send-contact-email/config.ts'
import type { Env } from './ci-settings.ts'
import { linkedQuery } from './supabase-cli.ts'

/** The pg_cron job's name: `cron.schedule` with the same name replaces the job. */
export const SCHEDULE_JOB_NAME = 'contact-maintenance'
/** Every five minutes: the first retry of a failed mail is due five minutes after it failed. */
export const SCHEDULE = '*/5 * * * *'
/** The hourly job supabase/README.md once told owners to make by hand; the deploy removes it. */
export const HAND_MADE_JOB_NAMES = ['release-held-contact-mails'] as const
/** The Vault secrets the job reads when it runs (names as the hand-made job used them). */
export const VAULT_URL_NAME = 'contact_function_url'
export const VAULT_TOKEN_NAME = 'contact_release_token'
/** pg_net's default is 5 s; a cold function start may take longer than that to answer 202. */
export const CALL_TIMEOUT_MS = 30_000

/** The contact function's address on the hosted project. */
export const functionUrl = (projectRef: string) =>
  `https://${projectRef}.supabase.co${CONTACT_FUNCTION_PATH}`

/** A SQL string literal (standard_conforming_strings on, which the SQL sets). */
export function sqlLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('a value for the schedule contains a NUL character')
  return `'${value.replaceAll("'", "''")}'`
}

const vaultSecret = (name: string) =>
  `(select decrypted_secret from vault.decrypted_secrets where name = ${sqlLiteral(name)})`

/** What the job runs: one POST, the address and the secret read from Vault at that moment. */
export const JOB_COMMAND = `select net.http_post(
  url := ${vaultSecret(VAULT_URL_NAME)},
  headers := jsonb_build_object(
    'Content-Type', 'application/json',
    ${sqlLiteral(RELEASE_HELD_HEADER)}, ${vaultSecret(VAULT_TOKEN_NAME)}
  ),
  body := '{}'::jsonb,
  timeout_milliseconds := ${CALL_TIMEOUT_MS}
)`

/** The whole step as one SQL script; `url` and `token` are the only values it carries. */
export function scheduleSql(url: string, token: string): string {
  const secrets = [
    [VAULT_URL_NAME, url, 'The contact function’s address, for the scheduled call'],
    [VAULT_TOKEN_NAME, token, 'RELEASE_HELD_TOKEN, sent by the scheduled call'],
  ]
    .map((row) => `(${row.map(sqlLiteral).join(', ')})`)
    .join(',\n  ')
  return `-- operations/contact-schedule.ts: the contact function's scheduled call, on every deploy.
set standard_conforming_strings = on;

do $$
begin
  -- Enabled where the server has them (every Supabase project does); checked either way.
  if exists (select from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
  if exists (select from pg_available_extensions where name = 'supabase_vault') then
    create extension if not exists supabase_vault with schema vault;
  end if;
  if to_regprocedure('cron.schedule(text,text,text)') is null then
    raise exception 'pg_cron is not enabled in this database: the scheduled call needs it';
  end if;
  if to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null then
    raise exception 'pg_net is not enabled in this database: the scheduled call needs net.http_post';
  end if;
  if to_regprocedure('vault.create_secret(text,text,text,uuid)') is null then
    raise exception 'Vault (supabase_vault) is not enabled in this database: the scheduled call reads its secrets from it';
  end if;
end
$$;

select vault.create_secret(wanted.secret, wanted.name, wanted.description)
from (values
  ${secrets}) as wanted (name, secret, description)
where not exists (select from vault.secrets stored where stored.name = wanted.name);

select vault.update_secret(stored.id, wanted.secret)
from (values
  ${secrets}) as wanted (name, secret, description)
join vault.decrypted_secrets stored on stored.name = wanted.name
where stored.decrypted_secret is distinct from wanted.secret;

select cron.unschedule(jobid) from cron.job
where jobname in (${HAND_MADE_JOB_NAMES.map(sqlLiteral).join(', ')});

select cron.schedule(${sqlLiteral(SCHEDULE_JOB_NAME)}, ${sqlLiteral(SCHEDULE)}, ${sqlLiteral(JOB_COMMAND)})
where not exists (
  select from cron.job
  where jobname = ${sqlLiteral(SCHEDULE_JOB_NAME)}
    and schedule = ${sqlLiteral(SCHEDULE)}
    and command = ${sqlLiteral(JOB_COMMAND)}
    and active
);

select jobid, jobname, schedule, active from cron.job where jobname = ${sqlLiteral(SCHEDULE_JOB_NAME)};
`
}

/** The backend deploy's step: runs scheduleSql on the linked project (after `supabase link`). */
export function scheduleMaintenance(env: Env): void {
  const sql = scheduleSql(
    functionUrl(env.SUPABASE_PROJECT_REF!.trim()),
    env.RELEASE_HELD_TOKEN!.trim(),
  )
  linkedQuery(env, 'schedule', sql)
  console.log(
    `Scheduled call: ${SCHEDULE_JOB_NAME} (${SCHEDULE}), its address and secret in Vault.`,
  )
}
