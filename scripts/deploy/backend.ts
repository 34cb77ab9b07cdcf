// The deploy workflow's backend job (.github/workflows/ci.yml), before the site's, so a new page
// never calls an old function:
//   tsx scripts/deploy/backend.ts gate     ready=true|false (skipped without SUPABASE_ACCESS_TOKEN);
//                                          the settings' values read as the functions read them
//   tsx scripts/deploy/backend.ts deploy   link, db push, secrets set, functions deploy
//   tsx scripts/deploy/backend.ts probe [--url <functions origin>]
//                                          asks each deployed function what the site relies on
// The editor's GitHub sign-in (github-oauth) is deployed with its three settings, all or none.
// `supabase` is the CLI that supabase/setup-cli puts on PATH; the tests put a recording fake
// there instead (tests/unit/deploy-scripts.test.ts). Secrets reach the CLI by its environment
// and by a file readable by this user only, never on a command line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { parseAllowedOrigins } from '../../supabase/functions/_shared/cors.ts'
import {
  CONTACT_FUNCTION_NAME,
  CONTACT_FUNCTION_PATH,
} from '../../supabase/functions/_shared/function-name.ts'
import {
  GITHUB_OAUTH_FUNCTION_NAME,
  GITHUB_OAUTH_FUNCTION_PATH,
} from '../../supabase/functions/_shared/github-sign-in.ts'
import {
  OAUTH_SECRET_NAMES,
  oauthConfigFromEnv,
} from '../../supabase/functions/github-oauth/config.ts'
import { hostedHandlerConfig } from '../../supabase/functions/send-contact-email/config.ts'
import { contactFunctionProblems } from '../../tools/lib/contact-function-check.ts'
import { gate, httpsProblem, missing, runCli, type Env } from './ci-settings.ts'

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

/** The functions' settings as the deploy sets them on Supabase, by name. */
export function functionSecrets(env: Env): [string, string][] {
  return [
    ['ALLOWED_ORIGINS', allowedOrigins(env)],
    ...FUNCTION_SECRETS.map((name): [string, string] => [name, env[name]!.trim()]),
    ...(signInSetup(env) === 'all'
      ? OAUTH_SECRET_NAMES.map((name): [string, string] => [name, env[name]!.trim()])
      : []),
  ]
}

/** The function's secrets as a .env file (values quoted: a sender name has spaces). */
export function secretsFile(env: Env): string {
  return (
    functionSecrets(env)
      .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
      .join('\n') + '\n'
  )
}

/** Every setting the gate reads, the optional ones too (none of their values is ever printed). */
const GATE_SETTINGS = [...BACKEND_SETTINGS, 'ALLOWED_ORIGINS', ...OAUTH_SECRET_NAMES]

/**
 * What is wrong with the settings' values, one sentence each: SITE_URL is the live https
 * address, ALLOWED_ORIGINS lets its origin post, and each function deployed would start with the
 * settings it is given, as checked by the functions' own config.ts (the lengths of
 * RELEASE_HELD_TOKEN and CMS_OAUTH_STATE_KEY among them), so the two can never disagree.
 */
export function backendProblems(env: Env): string[] {
  const site = httpsProblem(env, 'SITE_URL')
  if (site) return [site]
  const problems: string[] = []
  if (!parseAllowedOrigins(allowedOrigins(env)).includes(new URL(env.SITE_URL!).origin))
    problems.push(
      'ALLOWED_ORIGINS does not list the origin of SITE_URL, so the contact function would refuse every form sent from the site: add it (scheme and host, no path), comma-separated.',
    )
  const secrets = new Map(functionSecrets(env))
  const readEnv = (name: string) => secrets.get(name)
  const starts: [string, () => unknown][] = [
    [CONTACT_FUNCTION_NAME, () => hostedHandlerConfig(readEnv)],
    ...(signInSetup(env) === 'all'
      ? [[GITHUB_OAUTH_FUNCTION_NAME, () => oauthConfigFromEnv(readEnv)] as [string, () => unknown]]
      : []),
  ]
  for (const [name, start] of starts)
    try {
      start()
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/\.$/, '')
      problems.push(`${name} would not start: ${reason}.`)
    }
  return problems
}

/** The Supabase project's address, where its functions answer under /functions/v1/. */
export const projectUrl = (ref: string) => `https://${ref.trim()}.supabase.co`

export interface ProbeOptions {
  /** The origin the functions answer at: the project's (projectUrl), or a local server's. */
  functionsOrigin: string
  /** The live site's origin, which the forms post from. */
  siteOrigin: string
  /** Whether the sign-in exchange was deployed (signInSetup 'all'). */
  signIn: boolean
  /** Rounds before giving up: a function just deployed may take seconds to answer. */
  attempts?: number
  retryDelayMs?: number
}

/**
 * Asks each deployed function what the site relies on, the way the site asks it: the contact
 * function's CORS preflight from the site's origin and its 400 for an empty body; the sign-in
 * exchange's refusal (4xx) of a callback with no state. A function that failed to start answers
 * 5xx (or its gateway does), and one answering another origin refuses the preflight. Returns
 * one sentence per failure of the last round.
 */
export async function probeBackend(options: ProbeOptions): Promise<string[]> {
  const { attempts = 4, retryDelayMs = 10_000 } = options
  let failures: string[] = []
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(retryDelayMs)
    failures = (
      await contactFunctionProblems({
        functionUrl: new URL(CONTACT_FUNCTION_PATH, options.functionsOrigin).href,
        origin: options.siteOrigin,
        timeoutMs: 15_000,
      })
    ).failures
    if (options.signIn) {
      const url = new URL(`${GITHUB_OAUTH_FUNCTION_PATH}/callback`, options.functionsOrigin)
      url.searchParams.set('code', 'deploy-probe')
      const answer = await fetch(url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(15_000),
      }).catch((error: unknown) => error)
      if (!(answer instanceof Response))
        failures.push(`${url.origin}${url.pathname}: no answer (${String(answer)})`)
      else {
        await answer.arrayBuffer()
        if (answer.status < 400 || answer.status > 499)
          failures.push(
            `${url.origin}${url.pathname}: a callback with no state answered ${answer.status}, expected a refusal (4xx)`,
          )
      }
    }
    if (!failures.length) return []
  }
  return failures
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
}

async function main(command: string | undefined, args: string[], env: Env) {
  if (command === 'gate') {
    const ready = gate(
      env,
      'Backend deploy',
      'SUPABASE_ACCESS_TOKEN',
      BACKEND_SETTINGS,
      'repository secrets and variables',
      { problems: backendProblems, settings: GATE_SETTINGS },
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
