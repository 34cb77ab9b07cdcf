// The deploy jobs' settings and what their values must be (scripts/deploy/: the gates, the
// backend's secrets, the site's host configuration). A setting is read as whatever consumes it
// reads it: the functions' settings through the functions' own config.ts, so the gate and a
// function starting on Supabase can never disagree. Each problem is one sentence naming the
// setting, never its value: the workflow's log is public.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseAllowedOrigins } from '../supabase/functions/_shared/cors.ts'
import { CONTACT_FUNCTION_NAME } from '../supabase/functions/_shared/function-name.ts'
import { GITHUB_OAUTH_FUNCTION_NAME } from '../supabase/functions/_shared/github-sign-in.ts'
import {
  OAUTH_SECRET_NAMES,
  oauthConfigFromEnv,
} from '../supabase/functions/github-oauth/config.ts'
import { hostedHandlerConfig } from '../supabase/functions/send-contact-email/config.ts'

export type Env = Record<string, string | undefined>

export const missing = (env: Env, names: readonly string[]) =>
  names.filter((name) => !env[name]?.trim())

/**
 * `message` with the value of every setting in `names` replaced by its name: the functions' own
 * checks (their config.ts) write sentences for a server's log, and this one goes to a public
 * one. The sentences say "<NAME> must …" and hold no value; this keeps it so if one ever does.
 */
export function withoutValues(message: string, env: Env, names: readonly string[]): string {
  let text = message
  for (const name of names) {
    const value = env[name]?.trim()
    // A value of a few characters ("1", "on") is a word of a sentence as often as a value.
    if (value && value.length >= 6) text = text.split(value).join(`(the value of ${name})`)
  }
  return text
}

/** Why `name` is no https address, in one sentence; undefined when it is one. */
export function httpsProblem(env: Env, name: string): string | undefined {
  let url: URL
  try {
    url = new URL(env[name]!.trim())
  } catch {
    return `${name} is not a web address: write it as https://<host>.`
  }
  if (url.protocol !== 'https:') return `${name} must be an https:// address.`
  return undefined
}

// The backend job's settings (Supabase).

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
/** Function settings with a default in its code: passed on only when set (supabase/README.md). */
export const OPTIONAL_FUNCTION_SETTINGS = ['LEAD_RETENTION_DAYS'] as const

export function functionSecrets(env: Env): [string, string][] {
  return [
    ['ALLOWED_ORIGINS', allowedOrigins(env)],
    ...FUNCTION_SECRETS.map((name): [string, string] => [name, env[name]!.trim()]),
    ...OPTIONAL_FUNCTION_SETTINGS.filter((name) => env[name]?.trim()).map(
      (name): [string, string] => [name, env[name]!.trim()],
    ),
    ...(signInSetup(env) === 'all'
      ? OAUTH_SECRET_NAMES.map((name): [string, string] => [name, env[name]!.trim()])
      : []),
  ]
}

/** Every setting the gate reads, the optional ones too (none of their values is ever printed). */
export const BACKEND_GATE_SETTINGS = [
  ...BACKEND_SETTINGS,
  'ALLOWED_ORIGINS',
  ...OPTIONAL_FUNCTION_SETTINGS,
  ...OAUTH_SECRET_NAMES,
]

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
  // The hosted functions' own reading: https origins only (an origin is public, not a secret).
  let origins: string[] = []
  try {
    origins = parseAllowedOrigins(allowedOrigins(env), 'hosted')
  } catch (error) {
    problems.push(`${error instanceof Error ? error.message : String(error)}.`)
  }
  if (origins.length && !origins.includes(new URL(env.SITE_URL!).origin))
    problems.push(
      'ALLOWED_ORIGINS does not list the origin of SITE_URL, so the contact function would refuse every form sent from the site: add it (scheme and host, no path), comma-separated.',
    )
  const secrets = new Map(functionSecrets(env))
  const readEnv = (name: string) => secrets.get(name)
  const starts: [string, () => unknown][] = [
    [CONTACT_FUNCTION_NAME, () => hostedHandlerConfig(readEnv)],
    ...(signInSetup(env) === 'all'
      ? [
          [GITHUB_OAUTH_FUNCTION_NAME, () => oauthConfigFromEnv(readEnv, 'hosted')] as [
            string,
            () => unknown,
          ],
        ]
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

// The site job's settings (Cloudflare), and the host's configuration they give.

/**
 * What the site job needs: the host's token and account, the address it is served at, and the
 * Supabase project the forms post to with its public key (without them the build points the
 * forms at the site's own origin, which Cloudflare answers with 405).
 */
export const SITE_SETTINGS = [
  'CLOUDFLARE_API_TOKEN',
  'CLOUDFLARE_ACCOUNT_ID',
  'SITE_URL',
  'VITE_SUPABASE_URL',
  'VITE_SUPABASE_ANON_KEY',
] as const

/** The optional one: the Worker's name, when not the one hostConfig derives from SITE_URL. */
export const SITE_GATE_SETTINGS = [...SITE_SETTINGS, 'CLOUDFLARE_WORKER_NAME']

/** The host's configuration, written beside the folder it deploys (`<dist>/wrangler.json`). */
export const HOST_CONFIG = 'wrangler.json'

export { HOSTS_JOB_INSTALL, HOSTS_WRANGLER } from './hosts.ts'

const WORKERS_DEV = '.workers.dev'

/**
 * The Worker's name. On workers.dev the address is `<worker>.<account subdomain>.workers.dev`,
 * so the name is its first label; on a custom domain, CLOUDFLARE_WORKER_NAME or the host with
 * dashes.
 */
export function workerName(env: Env): string {
  const host = new URL(env.SITE_URL!).hostname
  if (host.endsWith(WORKERS_DEV)) return host.split('.')[0]!
  return env.CLOUDFLARE_WORKER_NAME?.trim() || host.replace(/[^a-z0-9]+/g, '-')
}

/**
 * Cloudflare's configuration for the built folder: static assets only (no Worker code), served
 * at their canonical addresses: `about/index.html` answers /about with 200 and /about/ is
 * redirected there ("drop-trailing-slash"); an unknown path gets 404.html with 404. Cloudflare
 * reads `_headers` and `_redirects` from the folder. The live address is a custom domain unless
 * it is the workers.dev one.
 */
export function hostConfig(env: Env): Record<string, unknown> {
  const host = new URL(env.SITE_URL!).hostname
  return {
    name: workerName(env),
    compatibility_date: '2026-11-01',
    assets: {
      directory: './client',
      html_handling: 'drop-trailing-slash',
      not_found_handling: '404-page',
    },
    ...(host.endsWith(WORKERS_DEV)
      ? {}
      : { routes: [{ pattern: host, custom_domain: true }], workers_dev: false }),
  }
}

const KEY_PLACE = "Supabase's Project Settings, API Keys"

/**
 * Why the value of `name` is not a Supabase project's public key, which the build puts in every
 * page: the Publishable key (`sb_publishable_…`) or the legacy anon key (a JWT whose role is
 * `anon`). A secret key (`sb_secret_…`, or the legacy service_role JWT) is refused by name: it
 * would give every visitor the whole database.
 */
export function publicKeyProblem(name: string, value: string): string | undefined {
  if (/^sb_publishable_[\w-]+$/.test(value)) return undefined
  if (value.startsWith('sb_secret_'))
    return `${name} holds a secret key, which must never reach a browser: use the Publishable key (${KEY_PLACE}), and replace that secret key, since it was shared.`
  const role = jwtRole(value)
  if (role === 'anon') return undefined
  if (role === 'service_role')
    return `${name} holds the legacy service_role key, which must never reach a browser: use the Publishable key (${KEY_PLACE}).`
  return `${name} is neither a Publishable key (sb_publishable_…) nor a legacy anon key (a JWT): copy the Publishable key from ${KEY_PLACE}.`
}

/** The `role` claim of a JWT's payload, read without checking its signature; undefined if none. */
function jwtRole(token: string): unknown {
  const parts = token.split('.')
  if (parts.length !== 3) return undefined
  try {
    return (JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { role?: unknown })
      .role
  } catch {
    return undefined
  }
}

/**
 * Why the forms of a production build would not reach a backend: VITE_SUPABASE_URL unset, no
 * https address, or the site's own origin (where Cloudflare answers a POST with 405).
 */
export function formsTargetProblem(env: Env): string | undefined {
  if (!env.VITE_SUPABASE_URL?.trim())
    return 'VITE_SUPABASE_URL is not set, so the forms would post to the site’s own origin, where no function answers: set it to the Supabase project’s URL.'
  const problem = httpsProblem(env, 'VITE_SUPABASE_URL')
  if (problem) return problem
  if (new URL(env.VITE_SUPABASE_URL).origin === new URL(env.SITE_URL!).origin)
    return 'VITE_SUPABASE_URL names the site’s own origin, where no function answers: set it to the Supabase project’s URL.'
  return undefined
}

/** What is wrong with the values of the site job's settings, one sentence each. */
export function siteProblems(env: Env): string[] {
  const site = httpsProblem(env, 'SITE_URL')
  if (site) return [site]
  const problems: string[] = []
  const forms = formsTargetProblem(env)
  if (forms) problems.push(forms)
  const key = publicKeyProblem('VITE_SUPABASE_ANON_KEY', env.VITE_SUPABASE_ANON_KEY!.trim())
  if (key) problems.push(key)
  const host = new URL(env.SITE_URL!).hostname
  if (host.endsWith(WORKERS_DEV)) {
    const named = env.CLOUDFLARE_WORKER_NAME?.trim()
    if (host.split('.').length !== 4)
      problems.push(
        'SITE_URL on workers.dev must be https://<worker>.<account subdomain>.workers.dev, the address Cloudflare gives a Worker.',
      )
    else if (named && named !== workerName(env))
      problems.push(
        'CLOUDFLARE_WORKER_NAME differs from the first label of SITE_URL, and a workers.dev address names its Worker there: unset it or make them the same.',
      )
  }
  return problems
}

/**
 * What the deploy writes into `distDir` before `wrangler deploy`: the host's configuration
 * beside the folder, and the list of files it must not upload.
 */
export function writeHostFiles(distDir: string, env: Env): void {
  // vercel.json is for another host: not uploaded (the local server does not serve it either).
  writeFileSync(path.join(distDir, 'client', '.assetsignore'), 'vercel.json\n.assetsignore\n')
  writeFileSync(path.join(distDir, HOST_CONFIG), `${JSON.stringify(hostConfig(env), null, 2)}\n`)
}
