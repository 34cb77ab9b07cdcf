// The deploy workflow's backend job (.github/workflows/ci.yml), before the site's, so a new page
// never calls an old function:
//   tsx scripts/deploy/backend.ts gate     ready=true|false (skipped without SUPABASE_ACCESS_TOKEN);
//                                          the settings' values read as the functions read them
//   tsx scripts/deploy/backend.ts deploy   link, db push, secrets set, functions deploy, schedule,
//                                          leads_reader's login
//   tsx scripts/deploy/backend.ts probe [--url <functions origin>]
//                                          asks each deployed function what the site relies on
// The editor's GitHub sign-in (github-oauth) is deployed with its three settings, all or none.
// `supabase` is the CLI that supabase/setup-cli puts on PATH; the tests put a recording fake
// there instead (tests/unit/scripts/deploy.test.ts). Secrets reach the CLI by its environment
// and by a file readable by this user only, never on a command line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { CONTACT_FUNCTION_NAME } from '../../supabase/functions/_shared/function-name.ts'
import { GITHUB_OAUTH_FUNCTION_NAME } from '../../supabase/functions/_shared/github-sign-in.ts'
import { OAUTH_SECRET_NAMES } from '../../supabase/functions/github-oauth/config.ts'
import {
  BACKEND_GATE_SETTINGS,
  BACKEND_SETTINGS,
  backendProblems,
  functionSecrets,
  missing,
  signInSetup,
  type Env,
} from '../../operations/deploy-settings.ts'
import { probeBackend, projectUrl } from '../../operations/function-probes.ts'
import { gate, runCli } from '../../operations/ci-settings.ts'
import { scheduleMaintenance } from '../../operations/contact-schedule.ts'
import { setLeadsReaderLogin } from '../../operations/leads-reader.ts'

/** The function's secrets as a .env file (values quoted: a sender name has spaces). */
export function secretsFile(env: Env): string {
  return (
    functionSecrets(env)
      .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
      .join('\n') + '\n'
  )
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

async function main(command: string | undefined, args: string[], env: Env) {
  if (command === 'gate') {
    const ready = gate(
      env,
      'Backend deploy',
      'SUPABASE_ACCESS_TOKEN',
      BACKEND_SETTINGS,
      'repository secrets and variables',
      { problems: backendProblems, settings: BACKEND_GATE_SETTINGS },
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
  if (command === 'probe') {
    const { values } = parseArgs({ args, options: { url: { type: 'string' } } })
    const functionsOrigin = values.url ?? projectUrl(env.SUPABASE_PROJECT_REF!)
    const signIn = signInSetup(env) === 'all'
    const failures = await probeBackend({
      functionsOrigin,
      siteOrigin: new URL(env.SITE_URL!).origin,
      signIn,
    })
    for (const failure of failures) console.log(`::error title=Backend probe::${failure}`)
    if (failures.length) {
      process.exitCode = 1
      return
    }
    const probed = [CONTACT_FUNCTION_NAME, ...(signIn ? [GITHUB_OAUTH_FUNCTION_NAME] : [])]
    console.log(`Backend answers as the site expects: ${probed.join(', ')} at ${functionsOrigin}.`)
    return
  }
  console.error('usage: tsx scripts/deploy/backend.ts gate|deploy|probe [--url <functions origin>]')
  process.exitCode = 2
}

// Run as a command; imported (the workflow's test reads the names above), it does nothing.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await main(process.argv[2], process.argv.slice(3), process.env).catch((error: unknown) => {
    console.log(
      `::error title=Backend deploy::${error instanceof Error ? error.message : String(error)}`,
    )
    process.exitCode = 1
  })
