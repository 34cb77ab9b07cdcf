// The deploy workflow's backend job (.github/workflows/ci.yml), before the site's, so a new page
// never calls an old function:
//   tsx scripts/deploy/backend.ts gate     ready=true|false (skipped without SUPABASE_ACCESS_TOKEN)
//   tsx scripts/deploy/backend.ts deploy   link, db push, secrets set, functions deploy, schedule,
//                                          leads_reader's login
// The editor's GitHub sign-in (github-oauth) is deployed with its three settings, all or none.
// `supabase` is the CLI that supabase/setup-cli puts on PATH; the tests put a recording fake
// there instead (tests/unit/deploy-scripts.test.ts). Secrets reach the CLI by its environment
// and by a file readable by this user only, never on a command line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { CONTACT_FUNCTION_NAME } from '../../supabase/functions/_shared/function-name.ts'
import { GITHUB_OAUTH_FUNCTION_NAME } from '../../supabase/functions/_shared/github-sign-in.ts'
import { OAUTH_SECRET_NAMES } from '../../supabase/functions/github-oauth/config.ts'
import { gate, missing, runCli, type Env } from './ci-settings.ts'
import { setLeadsReaderLogin } from './leads-reader.ts'
import { scheduleMaintenance } from './schedule.ts'

/** The function's settings in production (supabase/README.md "Settings"), from the job's env. */
export const FUNCTION_SECRETS = [
  'RESEND_API_KEY',
  'CONTACT_TO',
  'CONTACT_FROM',
  'CLIENT_HASH_SALT',
  'RELEASE_HELD_TOKEN',
] as const

/** What the job needs: the CLI's login, the project, its database password, and the settings. */
export const BACKEND_SETTINGS = [
  'SUPABASE_ACCESS_TOKEN',
  'SUPABASE_PROJECT_REF',
  'SUPABASE_DB_PASSWORD',
  'SITE_URL',
  ...FUNCTION_SECRETS,
] as const

/**
 * Whether the editor's sign-in is set up: all of its settings (deploy github-oauth), none (leave
 * it out, with a notice), or some, which is a mistake the gate fails on.
 */
export function signInSetup(env: Env): 'all' | 'none' | 'partial' {
  const absent = missing(env, OAUTH_SECRET_NAMES)
  if (!absent.length) return 'all'
  return absent.length === OAUTH_SECRET_NAMES.length ? 'none' : 'partial'
}

/**
 * The origins the function answers: ALLOWED_ORIGINS when set (the live origin and any other,
 * comma-separated), else the origin of SITE_URL. Without the live origin every form is refused.
 */
export function allowedOrigins(env: Env): string {
  const explicit = env.ALLOWED_ORIGINS?.trim()
  if (explicit) return explicit
  return new URL(env.SITE_URL!).origin
}

/** Function settings with a default in its code: passed on only when set (supabase/README.md). */
export const OPTIONAL_FUNCTION_SETTINGS = ['LEAD_RETENTION_DAYS'] as const

/** The function's secrets as a .env file (values quoted: a sender name has spaces). */
export function secretsFile(env: Env): string {
  const values: [string, string][] = [
    ['ALLOWED_ORIGINS', allowedOrigins(env)],
    ...FUNCTION_SECRETS.map((name): [string, string] => [name, env[name]!.trim()]),
    ...OPTIONAL_FUNCTION_SETTINGS.filter((name) => env[name]?.trim()).map(
      (name): [string, string] => [name, env[name]!.trim()],
    ),
    ...(signInSetup(env) === 'all'
      ? OAUTH_SECRET_NAMES.map((name): [string, string] => [name, env[name]!.trim()])
      : []),
  ]
  return values.map(([name, value]) => `${name}=${JSON.stringify(value)}`).join('\n') + '\n'
}

export function deployBackend(env: Env): void {
  const ref = env.SUPABASE_PROJECT_REF!.trim()
  // The database password goes by SUPABASE_DB_PASSWORD, which the CLI reads from its environment.
  runCli('supabase', ['link', '--project-ref', ref], env)
  runCli('supabase', ['db', 'push'], env)
  const folder = mkdtempSync(path.join(tmpdir(), 'function-secrets-'))
  const file = path.join(folder, 'secrets.env')
  try {
    writeFileSync(file, secretsFile(env), { mode: 0o600 })
    runCli('supabase', ['secrets', 'set', '--env-file', file, '--project-ref', ref], env)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  // verify_jwt = false and the import map come from supabase/config.toml.
  runCli('supabase', ['functions', 'deploy', CONTACT_FUNCTION_NAME, '--project-ref', ref], env)
  if (signInSetup(env) === 'all')
    runCli(
      'supabase',
      ['functions', 'deploy', GITHUB_OAUTH_FUNCTION_NAME, '--project-ref', ref],
      env,
    )
  // The contact function's scheduled call (pg_cron, pg_net, Vault), made or updated.
  scheduleMaintenance(env)
  // The owner's read-only role may log in with LEADS_READER_PASSWORD, or not at all without it.
  setLeadsReaderLogin(env)
}

function main(command: string | undefined, env: Env) {
  if (command === 'gate') {
    const ready = gate(
      env,
      'Backend deploy',
      'SUPABASE_ACCESS_TOKEN',
      BACKEND_SETTINGS,
      'repository secrets and variables',
    )
    if (!ready) return
    const signIn = signInSetup(env)
    if (signIn === 'partial') {
      console.log(
        `::error title=Backend deploy cannot deploy::missing ${missing(env, OAUTH_SECRET_NAMES).join(', ')}; the editor's sign-in needs ${OAUTH_SECRET_NAMES.join(', ')} together. See docs/editing-ui.md.`,
      )
      process.exitCode = 1
    } else if (signIn === 'none')
      console.log(
        `::notice title=Editor sign-in not deployed::${GITHUB_OAUTH_FUNCTION_NAME} is left out: set ${OAUTH_SECRET_NAMES.join(', ')} (docs/editing-ui.md) to deploy it.`,
      )
    return
  }
  if (command === 'deploy') {
    deployBackend(env)
    const functions = [
      CONTACT_FUNCTION_NAME,
      ...(signInSetup(env) === 'all' ? [GITHUB_OAUTH_FUNCTION_NAME] : []),
    ]
    console.log(`Backend deployed: migrations, settings and ${functions.join(', ')}.`)
    return
  }
  console.error('usage: tsx scripts/deploy/backend.ts gate|deploy')
  process.exitCode = 2
}

// Run as a command; imported (the workflow's test reads the names above), it does nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  try {
    main(process.argv[2], process.env)
  } catch (error) {
    console.log(
      `::error title=Backend deploy::${error instanceof Error ? error.message : String(error)}`,
    )
    process.exitCode = 1
  }
