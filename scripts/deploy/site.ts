// The deploy workflow's site job (.github/workflows/ci.yml; the run's day and whether it deploys
// are ./plan.ts's):
//   tsx scripts/deploy/site.ts gate                ready=true|false: the host's settings and the
//                                                  build's, their values checked
//                                                  (operations/deploy-settings.ts)
//   tsx scripts/deploy/site.ts check [--dist dist] the built folder served on 127.0.0.1, its
//                                                  function on a throwaway store, smoke-checked
//   tsx scripts/deploy/site.ts deploy [--dist dist] that folder to Cloudflare (Workers static
//                                                  assets), by `wrangler deploy`
//   tsx scripts/deploy/site.ts host-files [--dist dist]  only the files deploy writes into the
//                                                  folder for Wrangler (npm test serves a build
//                                                  with them on workerd: tests/harness/test-hosts.ts)
// `wrangler` is the one hosts/package.json pins (`npm ci --prefix hosts`), the version npm test
// serves the build with; the tests name a recording fake instead (WRANGLER_BIN,
// tests/unit/scripts/deploy.test.ts). Its token is read from the environment.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/function-name.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import {
  formsTargetProblem,
  HOST_CONFIG,
  writeHostFiles,
  HOSTS_WRANGLER,
  HOSTS_JOB_INSTALL,
  SITE_GATE_SETTINGS,
  SITE_SETTINGS,
  siteProblems,
  type Env,
} from '../../operations/deploy-settings.ts'
import { gate, reportFailures, runAsCommand, runCli } from '../../operations/ci-settings.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** The arguments of the one wrangler call that deploys `distDir`. */
export const deployArgs = (distDir: string) => [
  'deploy',
  '--config',
  path.join(distDir, HOST_CONFIG),
]

async function main(command: string | undefined, args: string[], env: Env) {
  const { values } = parseArgs({ args, options: { dist: { type: 'string', default: 'dist' } } })
  const distDir = path.resolve(values.dist)
  if (command === 'gate') {
    gate(
      env,
      'Site deploy',
      'CLOUDFLARE_API_TOKEN',
      SITE_SETTINGS,
      'repository secrets and variables',
      { problems: siteProblems, settings: SITE_GATE_SETTINGS },
    )
    return
  }
  if (command === 'check') {
    // A production check (SITE_URL given) fails when the build's forms would reach no backend.
    const forms = env.SITE_URL?.trim() ? formsTargetProblem(env) : undefined
    if (reportFailures('Smoke check (before deploy)', forms ? [forms] : [])) return
    // The function answers from this repository's own handler on an in-memory store, mailing
    // nothing: no check reaches the live function, whatever VITE_SUPABASE_URL the build has.
    const { serveBuildsWithFunction } = await import('../../server/serve-build.ts')
    const { smokeCheck, smokeOptionsFor } = await import('../../operations/smoke-check.ts')
    const { servers, close } = await serveBuildsWithFunction([{ distDir }], silentLogger)
    try {
      const origin = servers[0]!.origin
      const options = await smokeOptionsFor(
        `${origin}/`,
        env,
        `${origin}${CONTACT_FUNCTION_PATH}`,
        distDir,
      )
      const { requests, failures } = await smokeCheck(options)
      if (reportFailures('Smoke check (before deploy)', failures)) return
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
    const wrangler = env.WRANGLER_BIN?.trim() || path.join(root, HOSTS_WRANGLER)
    if (!existsSync(wrangler))
      throw new Error(
        `${wrangler} is not there: install the deploy tools first (${HOSTS_JOB_INSTALL}).`,
      )
    writeHostFiles(distDir, env)
    runCli(wrangler, deployArgs(path.relative(process.cwd(), distDir) || '.'), env)
    return
  }
  console.error('usage: tsx scripts/deploy/site.ts gate|check|deploy|host-files [--dist <folder>]')
  process.exitCode = 2
}

await runAsCommand(import.meta.url, 'Site deploy', main)
