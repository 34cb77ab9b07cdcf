// The backend deploy (scripts/deploy/backend.ts deploy, the backend job of
// .github/workflows/ci.yml): link, migrations, the functions' settings, the functions, the
// schedule and the leads reader's login, by the pinned Supabase CLI, unattended
// (./supabase-cli.ts). No call uses a flag v3 deprecates (`--project-ref` but on `link`,
// `--linked`, `--db-url`). Functions are bundled by the Management API (`--use-api`): the same
// upload whether the runner has Docker or not. Secrets reach the CLI by its environment and by
// a file readable by this user only, never on a command line. npm test runs all of it with the
// real CLI against a stand-in for the Management API and the harness's PostgreSQL
// (tests/postgres/backend-deploy.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CONTACT_FUNCTION_NAME } from '../supabase/functions/_shared/function-name.ts'
import { GITHUB_OAUTH_FUNCTION_NAME } from '../supabase/functions/_shared/github-sign-in.ts'
import { scheduleMaintenance } from './contact-schedule.ts'
import { functionSecrets, signInSetup, type Env } from './deploy-settings.ts'
import { setLeadsReaderLogin } from './leads-reader.ts'
import { supabase } from './supabase-cli.ts'

/**
 * Where `db push` applies the migrations instead of the linked project: a PostgreSQL address
 * without a password (libpq's PGPASSWORD gives it). The deploy job never sets it; npm test
 * points it at the harness's database, which a stand-in for the Management API cannot hand out
 * (the CLI reaches a linked project's database on port 5432 of a public host name only).
 */
export const MIGRATIONS_DATABASE_SETTING = 'SUPABASE_MIGRATIONS_DATABASE_URL'

/** The function's secrets as a .env file (values quoted: a sender name has spaces). */
export function secretsFile(env: Env): string {
  return (
    functionSecrets(env)
      .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
      .join('\n') + '\n'
  )
}

/** The functions a deploy with these settings deploys: the editor's sign-in with its three. */
export const deployedFunctions = (env: Env): string[] => [
  CONTACT_FUNCTION_NAME,
  ...(signInSetup(env) === 'all' ? [GITHUB_OAUTH_FUNCTION_NAME] : []),
]

/** `db push`'s target: the linked project, or MIGRATIONS_DATABASE_SETTING's database. */
function migrationsTarget(env: Env): string {
  const url = env[MIGRATIONS_DATABASE_SETTING]?.trim()
  if (!url) return '--remote'
  if (new URL(url).password)
    throw new Error(
      `${MIGRATIONS_DATABASE_SETTING} holds a password: give it by PGPASSWORD, since the command line is printed.`,
    )
  return `--remote=${url}`
}

export function deployBackend(env: Env): void {
  // link writes supabase/.temp/ (the project, its pooler's address): every later call's target.
  supabase(['link', '--project-ref', env.SUPABASE_PROJECT_REF!.trim()], env)
  // The database password goes by SUPABASE_DB_PASSWORD, which the CLI reads from its environment.
  supabase(['db', 'push', migrationsTarget(env), '--yes'], env)
  const folder = mkdtempSync(path.join(tmpdir(), 'function-secrets-'))
  const file = path.join(folder, 'secrets.env')
  try {
    writeFileSync(file, secretsFile(env), { mode: 0o600 })
    supabase(['secrets', 'set', '--env-file', file, '--yes'], env)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  // verify_jwt = false and the import map come from supabase/config.toml.
  for (const name of deployedFunctions(env))
    supabase(['functions', 'deploy', name, '--use-api', '--yes'], env)
  // The contact function's scheduled call (pg_cron, pg_net, Vault), made or updated.
  scheduleMaintenance(env)
  // The owner's read-only role may log in with LEADS_READER_PASSWORD, or not at all without it.
  setLeadsReaderLogin(env)
  console.log(`Backend deployed: migrations, settings and ${deployedFunctions(env).join(', ')}.`)
}
