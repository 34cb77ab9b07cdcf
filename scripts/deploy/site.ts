// The deploy workflow's site job (.github/workflows/ci.yml):
//   tsx scripts/deploy/site.ts gate                ready=true|false: the host's settings, and on
//                                                  the daily run whether an article's day came
//   tsx scripts/deploy/site.ts check [--dist dist] the built folder served on 127.0.0.1, its
//                                                  function on a throwaway store, smoke-checked
//   tsx scripts/deploy/site.ts deploy [--dist dist] that folder to Cloudflare (Workers static
//                                                  assets), by `wrangler deploy`
//   tsx scripts/deploy/site.ts host-files [--dist dist]  only the files deploy writes into the
//                                                  folder for Wrangler (npm test serves a build
//                                                  with them on workerd: tools/test-hosts.ts)
// `wrangler` is the CLI cloudflare/wrangler-action installs; the tests put a recording fake on
// PATH instead (tests/unit/deploy-scripts.test.ts). Its token is read from the environment.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/function-name.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { gate, runCli, setOutput, type Env } from './ci-settings.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** What the site job needs: the host's token and account, and the address it is served at. */
export const SITE_SETTINGS = ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'SITE_URL'] as const

/** The host's configuration, written beside the folder it deploys (`<dist>/wrangler.json`). */
export const HOST_CONFIG = 'wrangler.json'

/**
 * Cloudflare's configuration for the built folder: static assets only (no Worker code), served
 * at their canonical addresses: `about/index.html` answers /about with 200 and /about/ is
 * redirected there ("drop-trailing-slash"); an unknown path gets 404.html with 404. Cloudflare
 * reads `_headers` and `_redirects` from the folder. The live address is a custom domain unless
 * it is the workers.dev one.
 */
export function hostConfig(env: Env): Record<string, unknown> {
  const host = new URL(env.SITE_URL!).hostname
  const name = env.CLOUDFLARE_WORKER_NAME?.trim() || host.replace(/[^a-z0-9]+/g, '-')
  return {
    name,
    compatibility_date: '2026-11-01',
    assets: {
      directory: './client',
      html_handling: 'drop-trailing-slash',
      not_found_handling: '404-page',
    },
    ...(host.endsWith('.workers.dev')
      ? {}
      : { routes: [{ pattern: host, custom_domain: true }], workers_dev: false }),
  }
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

/** The arguments of the one wrangler call that deploys `distDir`. */
export const deployArgs = (distDir: string) => [
  'deploy',
  '--config',
  path.join(distDir, HOST_CONFIG),
]

/**
 * On the daily run, whether anything is due: an entry of the build dated today (yesterday's run
 * built without it). Pushes and manual runs always deploy.
 */
async function dueToday(env: Env): Promise<string[]> {
  // The content loader and the server only where needed: the other steps start in a second.
  const { publishingDay } = await import('../../build/content/load.ts')
  const { repositoryContent } = await import('../../build/content/route-table.ts')
  const { collections } = await import('../../content/schema/collections.ts')
  const today = await publishingDay(root, collections)
  const due: string[] = []
  for (const entries of (await repositoryContent()).values())
    for (const entry of entries)
      if ((entry.data as { publishDate?: unknown }).publishDate === today) due.push(entry.file)
  if (env.GITHUB_EVENT_NAME === 'schedule')
    console.log(
      due.length ? `Due today (${today}): ${due.join(', ')}` : `Nothing is due today (${today}).`,
    )
  return due
}

async function main(command: string | undefined, args: string[], env: Env) {
  const { values } = parseArgs({ args, options: { dist: { type: 'string', default: 'dist' } } })
  const distDir = path.resolve(values.dist)
  if (command === 'gate') {
    if (
      !gate(
        env,
        'Site deploy',
        'CLOUDFLARE_API_TOKEN',
        SITE_SETTINGS,
        'repository secrets and variables',
      )
    )
      return
    if (env.GITHUB_EVENT_NAME === 'schedule' && !(await dueToday(env)).length) {
      console.log(
        '::notice title=Site deploy skipped::the daily run found no article dated today; the live site is current.',
      )
      setOutput(env, 'ready', 'false')
    }
    return
  }
  if (command === 'check') {
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
  if (command === 'host-files') {
    writeHostFiles(distDir, env)
    return
  }
  if (command === 'deploy') {
    writeHostFiles(distDir, env)
    runCli('wrangler', deployArgs(path.relative(process.cwd(), distDir) || '.'), env)
    return
  }
  console.error('usage: tsx scripts/deploy/site.ts gate|check|deploy|host-files [--dist <folder>]')
  process.exitCode = 2
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await main(process.argv[2], process.argv.slice(3), process.env).catch((error: unknown) => {
    console.log(
      `::error title=Site deploy::${error instanceof Error ? error.message : String(error)}`,
    )
    process.exitCode = 1
  })
