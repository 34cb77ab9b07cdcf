// The deploy workflow's site job (.github/workflows/ci.yml):
//   tsx scripts/deploy/site.ts plan                build-date=<day> deploy=true|false: the run's
//                                                  day, and on the daily run whether any page
//                                                  whose day has come is missing from the live
//                                                  site's sitemap
//   tsx scripts/deploy/site.ts gate                ready=true|false: the host's settings and the
//                                                  build's, their values checked
//   tsx scripts/deploy/site.ts check [--dist dist] the built folder served on 127.0.0.1, its
//                                                  function on a throwaway store, smoke-checked
//   tsx scripts/deploy/site.ts deploy [--dist dist] that folder to Cloudflare (Workers static
//                                                  assets), by `wrangler deploy`
// `wrangler` is the one hosts/package.json pins (`npm ci --prefix hosts`), the version npm test
// serves the build with; the tests name a recording fake instead (WRANGLER_BIN,
// tests/unit/deploy-scripts.test.ts). Its token is read from the environment.
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/function-name.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import {
  gate,
  httpsProblem,
  isProductionRepository,
  runCli,
  setOutput,
  type Env,
} from './ci-settings.ts'

const root = path.resolve(import.meta.dirname, '../..')

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
const GATE_SETTINGS = [...SITE_SETTINGS, 'CLOUDFLARE_WORKER_NAME']

/** The host's configuration, written beside the folder it deploys (`<dist>/wrangler.json`). */
export const HOST_CONFIG = 'wrangler.json'

/** The Wrangler the deploy runs: hosts/package.json's, installed by `npm ci --prefix hosts`. */
export const HOSTS_WRANGLER = 'hosts/node_modules/.bin/wrangler'

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

/** The arguments of the one wrangler call that deploys `distDir`. */
export const deployArgs = (distDir: string) => [
  'deploy',
  '--config',
  path.join(distDir, HOST_CONFIG),
]

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

/** A page of an entry dated by `publishDate`: it goes live on that day. */
export interface ScheduledPage {
  file: string
  path: string
  publishDate: string
}

/** The pages of every routed entry that has a `publishDate`, as the route table addresses them. */
export async function scheduledPages(): Promise<ScheduledPage[]> {
  const { repositoryContent } = await import('../../build/content/route-table.ts')
  const { isRoutedCollection, routePath } = await import('../../site/routes.ts')
  const pages: ScheduledPage[] = []
  for (const [collection, entries] of await repositoryContent()) {
    if (!isRoutedCollection(collection)) continue
    for (const entry of entries) {
      const publishDate = (entry.data as { publishDate?: unknown }).publishDate
      if (typeof publishDate !== 'string') continue
      // Each collection's path function reads the fields of its own entries.
      const route = routePath(collection, entry as Parameters<typeof routePath>[1])
      pages.push({ file: entry.file, path: route, publishDate })
    }
  }
  return pages
}

/** The paths a sitemap lists, relative to the site's root (`siteUrl` may have a base path). */
export function sitemapPaths(xml: string, siteUrl: string): Set<string> {
  const base = new URL(siteUrl).pathname.replace(/\/+$/, '')
  const paths = new Set<string>()
  for (const [, loc] of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    const url = new URL(loc!.replace(/&amp;/g, '&'))
    const pathname = decodeURI(url.pathname)
    if (pathname.startsWith(base)) paths.add(pathname.slice(base.length) || '/')
  }
  return paths
}

/** The pages whose day has come (`publishDate` on or before `today`) that `listed` lacks. */
export const duePages = (
  pages: readonly ScheduledPage[],
  listed: ReadonlySet<string>,
  today: string,
): ScheduledPage[] => pages.filter((page) => page.publishDate <= today && !listed.has(page.path))

/**
 * The live site's sitemap, or why it could not be read. A first deploy has none, and a failed
 * read must not cost a day: the caller deploys when it cannot tell.
 */
async function liveSitemap(siteUrl: string): Promise<{ xml: string } | { problem: string }> {
  const { SITEMAP_PATH } = await import('../../build/outputs/seo-files.ts')
  const url = `${siteUrl.replace(/\/+$/, '')}${SITEMAP_PATH}`
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(20_000) })
    if (!answer.ok) return { problem: `${url} answered ${answer.status}` }
    return { xml: await answer.text() }
  } catch (error) {
    const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error)
    return { problem: `${url} did not answer (${reason})` }
  }
}

/**
 * The run's plan: its day (BUILD_DATE, set once here and given to every later step), and
 * whether the site is deployed. A push and a manual run always deploy; the daily run deploys
 * when a page whose day has come is not in the live sitemap, whichever day that was, so a
 * dropped or failed morning run is made up by the next one.
 */
async function plan(env: Env): Promise<void> {
  const { publishingDay } = await import('../../build/content/load.ts')
  const { collections } = await import('../../content/schema/collections.ts')
  const today = await publishingDay(root, collections)
  // The content below is loaded as of that day, as the build will load it.
  process.env.BUILD_DATE = today
  setOutput(env, 'build-date', today)
  if (env.GITHUB_EVENT_NAME !== 'schedule') {
    setOutput(env, 'deploy', 'true')
    return
  }
  const siteUrl = env.SITE_URL?.trim()
  if (!siteUrl) {
    // In the production repository the site job's gate then says what is missing.
    const production = isProductionRepository(env)
    console.log(
      `::notice title=Daily publish::SITE_URL is not set, so the live site cannot be read${production ? '; deploying so the gate names what to set' : ': nothing to publish here'}.`,
    )
    setOutput(env, 'deploy', String(production))
    return
  }
  const pages = await scheduledPages()
  const sitemap = await liveSitemap(siteUrl)
  if ('problem' in sitemap) {
    console.log(
      `::warning title=Daily publish::the live sitemap could not be read (${sitemap.problem}); deploying, so that nothing due is left out.`,
    )
    setOutput(env, 'deploy', 'true')
    return
  }
  const due = duePages(pages, sitemapPaths(sitemap.xml, siteUrl), today)
  if (due.length) {
    console.log(`Due by ${today} and not live yet:`)
    for (const page of due) console.log(`  ${page.path} (${page.file}, ${page.publishDate})`)
  } else
    console.log(
      `::notice title=Site deploy skipped::every page dated on or before ${today} is in the live sitemap; the live site is current.`,
    )
  setOutput(env, 'deploy', String(due.length > 0))
}

async function main(command: string | undefined, args: string[], env: Env) {
  const { values } = parseArgs({ args, options: { dist: { type: 'string', default: 'dist' } } })
  const distDir = path.resolve(values.dist)
  if (command === 'plan') {
    await plan(env)
    return
  }
  if (command === 'gate') {
    gate(
      env,
      'Site deploy',
      'CLOUDFLARE_API_TOKEN',
      SITE_SETTINGS,
      'repository secrets and variables',
      { problems: siteProblems, settings: GATE_SETTINGS },
    )
    return
  }
  if (command === 'check') {
    // A production check (SITE_URL given) fails when the build's forms would reach no backend.
    const forms = env.SITE_URL?.trim() ? formsTargetProblem(env) : undefined
    if (forms) {
      console.log(`::error title=Smoke check (before deploy)::${forms}`)
      process.exitCode = 1
      return
    }
    // The function answers from this repository's own handler on an in-memory store, mailing
    // nothing: no check reaches the live function, whatever VITE_SUPABASE_URL the build has.
    const { serveBuildsWithFunction } = await import('../../tools/lib/serve-build.ts')
    const { smokeCheck, smokeOptionsFor } = await import('../../tools/lib/smoke-check.ts')
    const { servers, close } = await serveBuildsWithFunction([{ distDir }], silentLogger)
    try {
      const origin = servers[0]!.origin
      const options = await smokeOptionsFor(`${origin}/`, env, `${origin}${CONTACT_FUNCTION_PATH}`)
      const { requests, failures } = await smokeCheck(options)
      for (const failure of failures)
        console.log(`::error title=Smoke check (before deploy)::${failure}`)
      if (failures.length) {
        process.exitCode = 1
        return
      }
      console.log(`Smoke check of ${distDir} served locally passed: ${requests} requests.`)
    } finally {
      await close()
    }
    return
  }
  if (command === 'deploy') {
    const wrangler = env.WRANGLER_BIN?.trim() || path.join(root, HOSTS_WRANGLER)
    if (!existsSync(wrangler))
      throw new Error(
        `${wrangler} is not there: install the hosts' tools first (npm ci --prefix hosts --omit=optional).`,
      )
    // vercel.json is for another host: not uploaded (the local server does not serve it either).
    writeFileSync(path.join(distDir, 'client', '.assetsignore'), 'vercel.json\n.assetsignore\n')
    writeFileSync(path.join(distDir, HOST_CONFIG), `${JSON.stringify(hostConfig(env), null, 2)}\n`)
    runCli(wrangler, deployArgs(path.relative(process.cwd(), distDir) || '.'), env)
    return
  }
  console.error('usage: tsx scripts/deploy/site.ts plan|gate|check|deploy [--dist <folder>]')
  process.exitCode = 2
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await main(process.argv[2], process.argv.slice(3), process.env).catch((error: unknown) => {
    console.log(
      `::error title=Site deploy::${error instanceof Error ? error.message : String(error)}`,
    )
    process.exitCode = 1
  })
