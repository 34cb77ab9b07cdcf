// Dry runs of the deploy jobs' scripts (scripts/deploy/): each runs as the workflow runs it, with
// fake `wrangler` and `psql` that record their arguments (and what they were handed), so the
// calls, their order and what is kept out of them are asserted here. The backend deploy runs the
// real Supabase CLI instead (tests/postgres/backend-deploy.test.ts), and Wrangler's own deploy
// runs dry from the jobs' install (tests/harness/job-install.ts); the backend's probe is tried
// here against the functions' real handlers served on 127.0.0.1, and the daily plan against a
// served sitemap.
import { execFile } from 'node:child_process'
import { chmod, cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployedFunctions, secretsFile } from '../../../operations/backend-deploy.ts'
import { expectedRoutes } from '../../../builder/content/route-table.ts'
import { sitemapXml } from '../../../builder/outputs/seo-files.ts'
import { MIN_STATE_KEY_LENGTH } from '../../../supabase/functions/github-oauth/config.ts'
import { duePages, sitemapPaths, type ScheduledPage } from '../../../operations/daily-publish.ts'
import {
  backendProblems,
  hostConfig,
  HOSTS_JOB_INSTALL,
  HOSTS_WRANGLER,
  siteProblems,
  withoutValues,
} from '../../../operations/deploy-settings.ts'
import { probeBackend } from '../../../operations/function-probes.ts'
import {
  createFunctionsMiddleware,
  createGitHubOAuthMiddleware,
} from '../../../server/functions.ts'
import { listenOnLoopback, type LoopbackServer } from '../../../server/listen-on-loopback.ts'
import { silentLogger } from '../../../supabase/functions/send-contact-email/logger.ts'
import { leadsReaderSql, scramVerifier } from '../../../operations/leads-reader.ts'
import { timeLimit } from '../../harness/time-limit.ts'
import { backendSettings, SECRET, signInSettings } from '../helpers/backend-settings.ts'
import { workflow } from '../helpers/ci-workflow.ts'
import { jobCommand } from '../helpers/daily-jobs.ts'
import { type Context } from '../helpers/ci-expressions.ts'
import { copyStepFiles, jobNodeBin, runStep } from '../helpers/job-step.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

const execute = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')
const scratch = scratchDir('deploy-scripts-')

interface Call {
  command: string
  args: string[]
  /** The contents of the file given to --env-file, read while the call ran. */
  envFile?: string
  /** The contents of the file given to --file (`supabase db query`), read while the call ran. */
  sqlFile?: string
  /** What the call read from its standard input (psql's `-f -`). */
  stdin?: string
  /** Which of the credentials the call found in its environment. */
  credentials: string[]
}

const CREDENTIALS = [
  'SUPABASE_ACCESS_TOKEN',
  'SUPABASE_DB_PASSWORD',
  'CLOUDFLARE_API_TOKEN',
  'CLOUDFLARE_ACCOUNT_ID',
]

/** A fake CLI: records the call; fails when FAKE_FAIL names its first two arguments. */
const FAKE = `#!/usr/bin/env node
const fs = require('node:fs')
const path = require('node:path')
const args = process.argv.slice(2)
const command = path.basename(process.argv[1])
const at = args.indexOf('--env-file')
const call = { command, args, credentials: ${JSON.stringify(CREDENTIALS)}.filter((name) => process.env[name]) }
if (at >= 0) call.envFile = fs.readFileSync(args[at + 1], 'utf8')
const sql = args.indexOf('--file')
if (sql >= 0) call.sqlFile = fs.readFileSync(args[sql + 1], 'utf8')
const file = args.indexOf('-f')
if (file >= 0 && args[file + 1] === '-') call.stdin = fs.readFileSync(0, 'utf8')
if (command === 'wrangler' && args[0] === 'deploy') {
  const config = args[args.indexOf('--config') + 1]
  call.config = JSON.parse(fs.readFileSync(config, 'utf8'))
  call.assetsDir = path.resolve(path.dirname(config), call.config.assets.directory)
}
fs.appendFileSync(process.env.FAKE_LOG, JSON.stringify(call) + '\\n')
if (process.env.FAKE_FAIL === command + ' ' + args.slice(0, 2).join(' ')) process.exit(1)
`

let bin: string
beforeAll(async () => {
  bin = path.join(scratch(), 'bin')
  await mkdir(bin)
  // The fakes are CommonJS whatever a package.json above the system's temporary folder says: Node
  // reads the nearest one to tell how to load a file without an extension.
  await writeFile(path.join(bin, 'package.json'), '{ "type": "commonjs" }\n')
  for (const name of ['wrangler', 'psql']) {
    await writeFile(path.join(bin, name), FAKE)
    await chmod(path.join(bin, name), 0o755)
  }
})

let runs = 0
/** Runs a deploy script with only the environment given (plus PATH and the fakes' log). */
async function dryRun(script: string, args: string[], env: Record<string, string>) {
  const log = path.join(scratch(), `calls-${++runs}.jsonl`)
  const output = path.join(scratch(), `output-${runs}.txt`)
  await writeFile(output, '')
  const file = path.join(root, 'scripts/deploy', script)
  // The plan runs as its workflow step runs it, on the daily jobs' Node (../helpers/daily-jobs.ts).
  const [command, ...prefix] =
    script === 'plan.ts' ? jobCommand(file) : [process.execPath, '--import', 'tsx', file]
  const result = await execute(command, [...prefix, ...args], {
    cwd: root,
    env: {
      PATH: `${bin}${path.delimiter}${process.env.PATH}`,
      HOME: process.env.HOME ?? '',
      FAKE_LOG: log,
      GITHUB_OUTPUT: output,
      ...env,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  return { ...result, calls: await readCalls(log), outputs: await readFile(output, 'utf8') }
}

/** The calls the fakes recorded in `log`, in order; none when they made none. */
async function readCalls(log: string) {
  if (!existsSync(log)) return []
  return (await readFile(log, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Call & Record<string, unknown>)
}

/** A run's own commit, as GitHub gives it (GITHUB_SHA). */
const SHA = '0123456789abcdef0123456789abcdef01234567'
const backendEnv = backendSettings
const inProduction = {
  PRODUCTION_REPOSITORY: 'panelwise/website',
  GITHUB_REPOSITORY: 'panelwise/website',
}

describe('the backend job (scripts/deploy/backend.ts)', { timeout: timeLimit(30_000) }, () => {
  it('is skipped with a notice naming what to set when Supabase is not set up', async () => {
    const { code, stdout, outputs, calls } = await dryRun('backend.ts', ['gate'], {})
    expect(code).toBe(0)
    expect(stdout).toContain('::notice title=Backend deploy skipped::')
    expect(stdout).toContain('set SUPABASE_ACCESS_TOKEN, SUPABASE_PROJECT_REF')
    expect(outputs).toBe('ready=false\n')
    expect(calls).toEqual([])
  })

  it('fails instead in the production repository, and when only part is set', async () => {
    const production = await dryRun('backend.ts', ['gate'], inProduction)
    expect(production.code).toBe(1)
    expect(production.stdout).toContain('::error title=Backend deploy cannot deploy::missing ')
    expect(production.stdout).toContain('this is the production repository')
    const { RESEND_API_KEY: _, ...partial } = backendEnv
    const half = await dryRun('backend.ts', ['gate'], partial)
    expect(half.code).toBe(1)
    expect(half.stdout).toContain('missing RESEND_API_KEY; SUPABASE_ACCESS_TOKEN is set')
    const ready = await dryRun('backend.ts', ['gate'], { ...backendEnv, ...inProduction })
    expect([ready.code, ready.outputs]).toEqual([0, 'ready=true\n'])
    // A daily or manual run exists to deploy: without its settings it fails, naming them.
    for (const [event, run] of [
      ['schedule', 'daily'],
      ['workflow_dispatch', 'manual'],
    ] as const) {
      const deliberate = await dryRun('backend.ts', ['gate'], { GITHUB_EVENT_NAME: event })
      expect(deliberate.code, event).toBe(1)
      expect(deliberate.stdout).toContain(
        `::error title=Backend deploy cannot deploy::missing SUPABASE_ACCESS_TOKEN, SUPABASE_PROJECT_REF`,
      )
      expect(deliberate.stdout).toContain(`a ${run} run is there to deploy`)
    }
  })

  // The deploy itself runs the real Supabase CLI: tests/postgres/backend-deploy.test.ts.
  it('gives the functions their settings as one .env file, values quoted', () => {
    expect(secretsFile(backendEnv)).toBe(
      [
        'ALLOWED_ORIGINS="https://panelwise.dev"',
        `RESEND_API_KEY="re_${SECRET}"`,
        'CONTACT_TO="team@panelwise.dev"',
        'CONTACT_FROM="Panelwise <no-reply@panelwise.dev>"',
        `CLIENT_HASH_SALT="salt-${SECRET}"`,
        `RELEASE_HELD_TOKEN="release-${SECRET}-0123456789"`,
        '',
      ].join('\n'),
    )
    // ALLOWED_ORIGINS and LEAD_RETENTION_DAYS, when set, are passed on as they are.
    const origins = 'https://panelwise.dev,https://www.panelwise.dev'
    expect(secretsFile({ ...backendEnv, ALLOWED_ORIGINS: origins })).toContain(
      `ALLOWED_ORIGINS="${origins}"\n`,
    )
    expect(secretsFile({ ...backendEnv, LEAD_RETENTION_DAYS: '180' })).toContain(
      'LEAD_RETENTION_DAYS="180"\n',
    )
  })

  it('lets the owner’s read-only role log in with LEADS_READER_PASSWORD, by its verifier only', () => {
    const password = `reader-${SECRET}-0123456789`
    expect(leadsReaderSql(password)).toContain(
      `alter role leads_reader with login password '${scramVerifier(password)}';`,
    )
    expect(leadsReaderSql(password)).not.toContain(password)
    expect(leadsReaderSql(undefined)).toContain(
      'alter role leads_reader with nologin password null;',
    )
  })

  it('deploys the editor’s sign-in with its three settings, all or none', async () => {
    const signIn = signInSettings
    expect(deployedFunctions({ ...backendEnv, ...signIn })).toEqual([
      'send-contact-email',
      'github-oauth',
    ])
    expect(deployedFunctions(backendEnv)).toEqual(['send-contact-email'])
    expect(secretsFile({ ...backendEnv, ...signIn })).toContain(
      [
        'CMS_GITHUB_CLIENT_ID="Iv1.0123456789abcdef"',
        `CMS_GITHUB_CLIENT_SECRET="client-${SECRET}"`,
        `CMS_OAUTH_STATE_KEY="state-${SECRET}-0123456789"`,
        '',
      ].join('\n'),
    )

    // None of them: the contact function alone, and a notice naming what to set.
    const none = await dryRun('backend.ts', ['gate'], backendEnv)
    expect([none.code, none.outputs]).toEqual([0, 'ready=true\n'])
    expect(none.stdout).toContain(
      '::notice title=Editor sign-in not deployed::github-oauth is left out: set CMS_GITHUB_CLIENT_ID, CMS_GITHUB_CLIENT_SECRET, CMS_OAUTH_STATE_KEY',
    )
    // Some of them is a mistake.
    const { CMS_OAUTH_STATE_KEY: _, ...partial } = signIn
    const half = await dryRun('backend.ts', ['gate'], { ...backendEnv, ...partial })
    expect(half.code).toBe(1)
    expect(half.stdout).toContain(
      "::error title=Backend deploy cannot deploy::missing CMS_OAUTH_STATE_KEY; the editor's sign-in needs",
    )
  })
})

describe(
  'the backend gate reads values as the functions do',
  { timeout: timeLimit(30_000) },
  () => {
    const problems = (env: Record<string, string>) => backendProblems({ ...backendEnv, ...env })

    it('refuses a SITE_URL that is not https, and ALLOWED_ORIGINS without its origin', () => {
      expect(problems({})).toEqual([])
      expect(problems({ SITE_URL: 'http://panelwise.dev' })).toEqual([
        'SITE_URL must be an https:// address.',
      ])
      expect(problems({ ALLOWED_ORIGINS: 'https://www.panelwise.dev' })).toEqual([
        expect.stringContaining('ALLOWED_ORIGINS does not list the origin of SITE_URL'),
      ])
      expect(
        problems({ ALLOWED_ORIGINS: 'https://www.panelwise.dev, https://panelwise.dev' }),
      ).toEqual([])
      // An entry that is not an exact origin (a trailing slash) is refused by the functions' reader.
      expect(
        problems({ ALLOWED_ORIGINS: 'https://www.panelwise.dev, https://panelwise.dev/' }),
      ).not.toEqual([])
    })

    it('refuses the secrets the functions would not start with, naming them and not their values', async () => {
      // The lengths are the functions' own (their config.ts), not a copy of them.
      expect(problems({ RELEASE_HELD_TOKEN: 'r'.repeat(31) })).toEqual([
        expect.stringContaining(
          'send-contact-email would not start: RELEASE_HELD_TOKEN must be at least 32 characters',
        ),
      ])
      expect(problems({ RELEASE_HELD_TOKEN: 'r'.repeat(32) })).toEqual([])
      const signIn = {
        CMS_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
        CMS_GITHUB_CLIENT_SECRET: `client-${SECRET}`,
      }
      expect(
        problems({ ...signIn, CMS_OAUTH_STATE_KEY: 'k'.repeat(MIN_STATE_KEY_LENGTH - 1) }),
      ).toEqual([
        expect.stringContaining(
          `github-oauth would not start: CMS_OAUTH_STATE_KEY must be at least ${MIN_STATE_KEY_LENGTH} characters`,
        ),
      ])
      // As the job runs it: an error naming the setting, and no value in the log.
      const { code, stdout, outputs, calls } = await dryRun('backend.ts', ['gate'], {
        ...backendEnv,
        RELEASE_HELD_TOKEN: `short-${SECRET}`,
      })
      expect([code, outputs, calls]).toEqual([1, 'ready=false\n', []])
      expect(stdout).toContain(
        '::error title=Backend deploy cannot deploy::send-contact-email would not start: RELEASE_HELD_TOKEN must be at least 32 characters',
      )
      expect(stdout).not.toContain(SECRET)
    })

    it('never prints a value, whatever a function’s check says', () => {
      expect(
        withoutValues(`CONTACT_TO "${backendEnv.CONTACT_TO}" is wrong`, backendEnv, ['CONTACT_TO']),
      ).toBe('CONTACT_TO "(the value of CONTACT_TO)" is wrong')
    })
  },
)

describe('the backend probe (backend.ts probe)', { timeout: timeLimit(60_000) }, () => {
  const site = 'https://panelwise.dev'
  const signIn = {
    CMS_GITHUB_CLIENT_ID: 'Iv1.probe-test',
    CMS_GITHUB_CLIENT_SECRET: `client-${SECRET}`,
    CMS_OAUTH_STATE_KEY: `state-${SECRET}-0123456789`,
  }
  let functions: LoopbackServer
  let closeFunctions: () => Promise<void>

  beforeAll(async () => {
    // The functions as `npm start` mounts them (server/functions.ts): the contact handler on a
    // throwaway database and the sign-in exchange, with the settings the deploy would set.
    const mounted = await createFunctionsMiddleware({
      dataDir: 'memory://',
      env: { ALLOWED_ORIGINS: site, ...signIn },
      logger: silentLogger,
      adminEndpoint: false,
      oauthLog: () => {},
    })
    functions = await listenOnLoopback(
      createServer((req, res) => mounted.middleware(req, res, () => res.writeHead(404).end())),
    )
    closeFunctions = async () => {
      await functions.close()
      await mounted.close()
    }
  })
  afterAll(() => closeFunctions?.())

  it('passes when each function answers the site as it will be asked', async () => {
    const { code, stdout } = await dryRun('backend.ts', ['probe', '--url', functions.origin], {
      SITE_URL: site,
      ...signIn,
    })
    expect(stdout).toContain(
      `Backend answers as the site expects: send-contact-email, github-oauth at ${functions.origin}.`,
    )
    expect(code).toBe(0)
    expect(stdout).not.toContain(SECRET)
  })

  it('fails when the contact function does not answer the site’s origin', async () => {
    const failures = await probeBackend({
      functionsOrigin: functions.origin,
      siteOrigin: 'https://www.panelwise.dev',
      signIn: true,
      attempts: 1,
    })
    // Refused before anything is read: no CORS headers, and the empty POST is a 403 too.
    expect(failures).toEqual([
      expect.stringContaining('CORS preflight from https://www.panelwise.dev answered 403'),
      expect.stringContaining('a POST with an empty JSON body answered 403, expected 400'),
    ])
  })

  it('fails when the sign-in exchange did not start (no refusal, a 5xx)', async () => {
    // The exchange without its settings answers every request 503, as one that failed to start.
    const unconfigured = await createGitHubOAuthMiddleware({ ALLOWED_ORIGINS: site }, () => {})
    const server = await listenOnLoopback(
      createServer((req, res) => unconfigured.middleware(req, res, () => res.writeHead(404).end())),
    )
    try {
      const failures = await probeBackend({
        functionsOrigin: server.origin,
        siteOrigin: site,
        signIn: true,
        attempts: 2,
        retryDelayMs: 10,
      })
      expect(failures).toContain(
        `${server.origin}/functions/v1/github-oauth/callback: a callback with no state answered 503, expected a refusal (4xx)`,
      )
      // And the contact function, not there at all, answers neither its preflight nor its 400.
      expect(failures.filter((failure) => failure.includes('send-contact-email'))).toHaveLength(2)
    } finally {
      await server.close()
    }
  })
})

describe('the site job (scripts/deploy/site.ts)', { timeout: timeLimit(60_000) }, () => {
  const PUBLISHABLE = 'sb_publishable_0123456789abcdefABCDEF_-xy'
  const siteEnv = {
    SITE_URL: 'https://panelwise.dev',
    CLOUDFLARE_API_TOKEN: `cf-${SECRET}`,
    CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef',
    VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
    VITE_SUPABASE_ANON_KEY: PUBLISHABLE,
  }
  const wrangler = () => ({ WRANGLER_BIN: path.join(bin, 'wrangler') })

  it('is skipped with a notice without Cloudflare, and fails so in production', async () => {
    const fork = await dryRun('site.ts', ['gate'], {})
    expect(fork.code).toBe(0)
    expect(fork.stdout).toContain(
      '::notice title=Site deploy skipped::Site deploy is not set up in this repository: set CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID, SITE_URL, VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY',
    )
    expect(fork.outputs).toBe('ready=false\n')
    const production = await dryRun('site.ts', ['gate'], inProduction)
    expect(production.code).toBe(1)
    expect(production.stdout).toContain('::error title=Site deploy cannot deploy::missing ')
    const ready = await dryRun('site.ts', ['gate'], { ...siteEnv, ...inProduction })
    expect([ready.code, ready.outputs]).toEqual([0, 'ready=true\n'])
  })

  it('reads the values: https addresses, the forms’ backend elsewhere, a public key', async () => {
    // The gate as the job runs it: each problem an error naming the setting, never its value.
    const run = await dryRun('site.ts', ['gate'], {
      ...siteEnv,
      VITE_SUPABASE_ANON_KEY: `sb_secret_${SECRET}`,
    })
    expect([run.code, run.outputs]).toEqual([1, 'ready=false\n'])
    expect(run.stdout).toContain(
      '::error title=Site deploy cannot deploy::VITE_SUPABASE_ANON_KEY holds a secret key, which must never reach a browser',
    )
    expect(run.stdout).not.toContain(SECRET)
    // Each rule, read by the same function the gate calls.
    const problems = (env: Record<string, string>) => siteProblems({ ...siteEnv, ...env })
    expect(problems({})).toEqual([])
    expect(problems({ SITE_URL: 'http://panelwise.dev' })).toEqual([
      'SITE_URL must be an https:// address.',
    ])
    expect(problems({ SITE_URL: 'panelwise.dev' })).toEqual([
      'SITE_URL is not a web address: write it as https://<host>.',
    ])
    expect(problems({ VITE_SUPABASE_URL: 'http://abc.supabase.co' })).toEqual([
      'VITE_SUPABASE_URL must be an https:// address.',
    ])
    expect(problems({ VITE_SUPABASE_URL: 'https://panelwise.dev/' })).toEqual([
      expect.stringContaining('VITE_SUPABASE_URL names the site’s own origin'),
    ])
    expect(problems({ VITE_SUPABASE_ANON_KEY: jwt({ role: 'service_role' }) })).toEqual([
      expect.stringContaining('VITE_SUPABASE_ANON_KEY holds the legacy service_role key'),
    ])
    expect(problems({ VITE_SUPABASE_ANON_KEY: 'not-a-key' })).toEqual([
      expect.stringContaining(
        'VITE_SUPABASE_ANON_KEY is neither a Publishable key (sb_publishable_…) nor a legacy anon key',
      ),
    ])
    // The legacy anon key, a JWT whose role is anon, is a public key too.
    expect(problems({ VITE_SUPABASE_ANON_KEY: jwt({ role: 'anon', iss: 'supabase' }) })).toEqual([])
  })

  it('serves a workers.dev address from the Worker its first label names', () => {
    const workersDev = { ...siteEnv, SITE_URL: 'https://panelwise.acme.workers.dev' }
    expect(hostConfig(workersDev)).toEqual({
      name: 'panelwise',
      compatibility_date: expect.any(String),
      assets: expect.any(Object),
    })
    expect(hostConfig({ ...siteEnv, CLOUDFLARE_WORKER_NAME: 'site' })).toMatchObject({
      name: 'site',
      routes: [{ pattern: 'panelwise.dev', custom_domain: true }],
    })
    expect(siteProblems({ ...workersDev, CLOUDFLARE_WORKER_NAME: 'panelwise' })).toEqual([])
    expect(siteProblems({ ...workersDev, CLOUDFLARE_WORKER_NAME: 'site' })).toEqual([
      expect.stringContaining(
        'CLOUDFLARE_WORKER_NAME differs from the first label of SITE_URL, and a workers.dev address names its Worker there',
      ),
    ])
    expect(siteProblems({ ...siteEnv, SITE_URL: 'https://acme.workers.dev' })).toEqual([
      expect.stringContaining(
        'SITE_URL on workers.dev must be https://<worker>.<account subdomain>.workers.dev',
      ),
    ])
  })

  it('deploys the folder it is given with the hosts’ Wrangler, at canonical addresses', async () => {
    const dist = path.join(scratch(), 'dist')
    await mkdir(path.join(dist, 'client'), { recursive: true })
    await writeFile(path.join(dist, 'client/index.html'), '<!doctype html>')
    const { code, calls, stdout } = await dryRun('site.ts', ['deploy', '--dist', dist], {
      ...siteEnv,
      ...wrangler(),
    })
    expect(code).toBe(0)
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call!.command).toBe('wrangler')
    expect(call!.args).toEqual(['deploy', '--config', path.relative(root, `${dist}/wrangler.json`)])
    expect(call!.credentials).toEqual(['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'])
    expect(call!.assetsDir).toBe(path.join(dist, 'client'))
    expect(call!.config).toEqual({
      name: 'panelwise-dev',
      compatibility_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      assets: {
        directory: './client',
        html_handling: 'drop-trailing-slash',
        not_found_handling: '404-page',
      },
      routes: [{ pattern: 'panelwise.dev', custom_domain: true }],
      workers_dev: false,
    })
    expect(await readFile(path.join(dist, 'client/.assetsignore'), 'utf8')).toContain('vercel.json')
    expect(stdout).not.toContain(SECRET)
    // Without the hosts' tools installed it says how to install them.
    const absent = await dryRun('site.ts', ['deploy', '--dist', dist], {
      ...siteEnv,
      WRANGLER_BIN: path.join(scratch(), 'no-such-wrangler'),
    })
    expect(absent.code).toBe(1)
    expect(absent.stdout).toContain(`install the deploy tools first (${HOSTS_JOB_INSTALL})`)
    expect(HOSTS_WRANGLER).toBe('hosts/node_modules/.bin/wrangler')
  })

  /**
   * Runs the deploy job's step `name` as the job runs it: its text read out of ci.yml, run
   * verbatim on the job's Node in a checkout holding the files the step's script imports and
   * reads (made once), and `dist` (a link to the folder given), its env: from the repository's `vars` and `secrets`. What the
   * test adds, the job does not set: WRANGLER_BIN (the recording fake in place of the hosts'
   * Wrangler) and FAKE_LOG (where the fake records its calls).
   */
  let siteJobCheckout: string | undefined
  async function siteJobStep(name: string, context: Context, dist: string) {
    if (!siteJobCheckout) {
      siteJobCheckout = path.join(scratch(), 'site-job')
      await copyStepFiles(['scripts/deploy/site.ts'], siteJobCheckout)
      // What the scripts read as they run: the smoke check the site's content (its routes), the
      // function host the migrations it applies to its store.
      for (const folder of ['content', 'supabase/migrations'])
        await cp(path.join(root, folder), path.join(siteJobCheckout, folder), { recursive: true })
      await symlink(path.join(root, 'node_modules'), path.join(siteJobCheckout, 'node_modules'))
    }
    const checkout = siteJobCheckout
    await rm(path.join(checkout, 'dist'), { force: true })
    await symlink(dist, path.join(checkout, 'dist'))
    const job = workflow.jobs.deploy!
    const step = job.steps.find((candidate) => candidate.name === name)!
    const log = path.join(scratch(), `site-job-calls-${++runs}.jsonl`)
    const run = await runStep(job, step, {
      cwd: checkout,
      scratch: scratch(),
      nodeBin: await jobNodeBin(job, scratch()),
      runner: { ...wrangler(), FAKE_LOG: log },
      context,
    })
    return { ...run, checkout, calls: await readCalls(log) }
  }

  it('checks the built folder served here, its function answered here, as the job’s step does', async () => {
    const run = await siteJobStep(
      'Smoke check of the built folder, served here',
      { vars: { SITE_URL: '', VITE_SUPABASE_URL: '' } },
      path.join(root, 'dist'),
    )
    expect(run.stdout).toMatch(/Smoke check of .*dist served locally passed: \d+ requests\./)
    expect(run.code).toBe(0)
    expect(run.calls).toEqual([])
  })

  it('deploys as the job’s step does, to canonical addresses', async () => {
    const dist = path.join(scratch(), 'site-job-dist')
    await mkdir(path.join(dist, 'client'), { recursive: true })
    await writeFile(path.join(dist, 'client/index.html'), '<!doctype html>')
    const { SITE_URL, CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID } = siteEnv
    const run = await siteJobStep(
      'Deploy the checked folder',
      {
        vars: { SITE_URL, CLOUDFLARE_ACCOUNT_ID, CLOUDFLARE_WORKER_NAME: '' },
        secrets: { CLOUDFLARE_API_TOKEN },
      },
      dist,
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain(SECRET)
    expect(run.calls).toHaveLength(1)
    expect(run.calls[0]).toMatchObject({
      command: 'wrangler',
      args: ['deploy', '--config', 'dist/wrangler.json'],
      credentials: ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID'],
      assetsDir: path.join(run.checkout, 'dist/client'),
      config: {
        name: 'panelwise-dev',
        routes: [{ pattern: 'panelwise.dev', custom_domain: true }],
      },
    })
  })

  it('says to build first, and ends, when the folder holds no build', async () => {
    const missing = path.join(scratch(), 'no-build')
    const { code, stdout } = await dryRun('site.ts', ['check', '--dist', missing], {})
    expect(stdout).toContain(`${missing}/headers.json is missing: run \`npm run build\` first.`)
    expect(code).toBe(1)
  })

  it('fails a production check whose forms would post to the site’s own origin', async () => {
    const unset = await dryRun('site.ts', ['check', '--dist', 'dist'], {
      SITE_URL: siteEnv.SITE_URL,
    })
    expect(unset.code).toBe(1)
    expect(unset.stdout).toContain(
      '::error title=Smoke check (before deploy)::VITE_SUPABASE_URL is not set, so the forms would post to the site’s own origin',
    )
    const same = await dryRun('site.ts', ['check', '--dist', 'dist'], {
      SITE_URL: siteEnv.SITE_URL,
      VITE_SUPABASE_URL: 'https://panelwise.dev',
    })
    expect(same.code).toBe(1)
    expect(same.stdout).toContain('VITE_SUPABASE_URL names the site’s own origin')
  })
})

describe('the daily plan (plan.ts)', { timeout: timeLimit(60_000) }, () => {
  const page = (name: string, publishDate: string): ScheduledPage => ({
    file: `content/articles/${name}.mdx`,
    path: `/resources/articles/${name}`,
    publishDate,
  })

  it('finds every page whose day has come that the live sitemap lacks', () => {
    const today = '2026-11-28'
    const pages = [
      page('due-yesterday', '2026-11-27'),
      page('due-today', '2026-11-28'),
      page('already-live', '2026-11-01'),
      page('tomorrow', '2026-11-29'),
    ]
    const sitemap = sitemapXml('https://panelwise.dev', [
      { path: '/' },
      { path: '/resources/articles/already-live' },
    ])
    const listed = sitemapPaths(sitemap, 'https://panelwise.dev')
    expect(duePages(pages, listed, today).map(({ path }) => path)).toEqual([
      '/resources/articles/due-yesterday',
      '/resources/articles/due-today',
    ])
    // Under a base path, and with XML escapes, a sitemap's addresses are read as the routes.
    const based = sitemapXml('https://owner.github.io/site', [{ path: '/a?b&c' }, { path: '/' }])
    expect([...sitemapPaths(based, 'https://owner.github.io/site/')]).toEqual(['/a', '/'])
  })

  let sitemapServer: LoopbackServer
  let sitemap: { status: number; body: string } = { status: 200, body: '' }
  beforeAll(async () => {
    sitemapServer = await listenOnLoopback(
      createServer((req, res) => {
        if (req.url === '/sitemap.xml') res.writeHead(sitemap.status).end(sitemap.body)
        else res.writeHead(404).end()
      }),
    )
  })
  afterAll(() => sitemapServer?.close())

  // content/articles/human-led-vs-automated-assessments.mdx is dated 2026-10-27, the newest.
  const NEWEST = '/resources/articles/human-led-vs-automated-assessments'
  const liveWithout = async (missing: string[]) => {
    process.env.BUILD_DATE = '2026-12-31'
    try {
      const routes = (await expectedRoutes()).map((route) => route.path)
      return sitemapXml(
        sitemapServer.origin,
        routes.filter((route) => !missing.includes(route)).map((route) => ({ path: route })),
      )
    } finally {
      delete process.env.BUILD_DATE
    }
  }
  const planOn = (env: Record<string, string>) =>
    dryRun('plan.ts', [], {
      GITHUB_EVENT_NAME: 'schedule',
      GITHUB_SHA: SHA,
      SITE_URL: sitemapServer.origin,
      ...env,
    })
  /** What the plan outputs before the day: the run's own commit, no rollback. */
  const ownCommit = `commit=${SHA}\nrollback=false\n`

  it('sets the run’s day once, and deploys on a push or a manual run without asking', async () => {
    const push = await dryRun('plan.ts', [], {
      GITHUB_EVENT_NAME: 'push',
      GITHUB_SHA: SHA,
      BUILD_DATE: '2026-10-28',
    })
    expect(push.outputs).toBe(`${ownCommit}build-date=2026-10-28\ndeploy=true\n`)
    // Unset, the day is today where the company is (content/site.yaml timeZone).
    const today = await dryRun('plan.ts', [], {
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_REF: 'refs/heads/main',
      GITHUB_SHA: SHA,
    })
    expect(today.outputs).toMatch(
      new RegExp(`^${ownCommit}build-date=\\d{4}-\\d{2}-\\d{2}\ndeploy=true\n$`),
    )
  })

  it('fails a daily run whose SITE_URL is missing, naming it, and a manual run from a branch', async () => {
    const unset = await planOn({ SITE_URL: '' })
    expect(unset.code).toBe(1)
    expect(unset.stdout).toContain('::error title=Daily plan::SITE_URL is not set')
    expect(unset.outputs).not.toContain('deploy=')
    const branch = await dryRun('plan.ts', [], {
      GITHUB_EVENT_NAME: 'workflow_dispatch',
      GITHUB_REF: 'refs/heads/feature',
      GITHUB_SHA: SHA,
    })
    expect(branch.code).toBe(1)
    expect(branch.stdout).toContain(
      '::error title=Daily plan::a manual run deploys from main only, and this one was started from refs/heads/feature',
    )
  })

  it('publishes on its day, and on a later day when that day’s run was missed', async () => {
    sitemap = { status: 200, body: await liveWithout([NEWEST]) }
    const onTheDay = await planOn({ BUILD_DATE: '2026-10-27' })
    expect(onTheDay.stdout).toContain(
      `${NEWEST} (content/articles/human-led-vs-automated-assessments.mdx, 2026-10-27)`,
    )
    expect(onTheDay.outputs).toBe(`${ownCommit}build-date=2026-10-27\ndeploy=true\n`)
    const dayAfter = await planOn({ BUILD_DATE: '2026-10-29' })
    expect(dayAfter.outputs).toBe(`${ownCommit}build-date=2026-10-29\ndeploy=true\n`)
  })

  it('deploys nothing when the live site lists every page due, and deploys when it cannot tell', async () => {
    sitemap = { status: 200, body: await liveWithout([]) }
    const current = await planOn({ BUILD_DATE: '2026-10-29' })
    expect(current.stdout).toContain(
      '::notice title=Site deploy skipped::every page dated on or before 2026-10-29',
    )
    expect(current.outputs).toBe(`${ownCommit}build-date=2026-10-29\ndeploy=false\n`)
    sitemap = { status: 404, body: '' }
    const unreadable = await planOn({ BUILD_DATE: '2026-10-29' })
    expect(unreadable.stdout).toContain(
      '::warning title=Daily publish::the live sitemap could not be read',
    )
    expect(unreadable.outputs).toBe(`${ownCommit}build-date=2026-10-29\ndeploy=true\n`)
  })
})

/** An unsigned JWT with `payload`: the gate reads its role and never its signature. */
function jwt(payload: Record<string, string>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`
}

describe(
  'the migration check (scripts/deploy/migration-check.ts)',
  { timeout: timeLimit(30_000) },
  () => {
    it('creates Supabase’s roles, applies every migration in order as postgres, then reads the grants and the functions’ settings back', async () => {
      const pg = { PGHOST: '127.0.0.1', PGUSER: 'supabase_admin', PGPASSWORD: SECRET }
      const { code, calls } = await dryRun('migration-check.ts', [], pg)
      expect(code).toBe(0)
      const base = ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1']
      const [setup, ...rest] = calls
      // three migrations at least, then two reports and two checks
      expect(rest.length).toBeGreaterThanOrEqual(7)
      const searchPathCheck = rest.pop()!
      const settings = rest.pop()!
      const check = rest.pop()!
      const report = rest.pop()!
      for (const call of [setup!, report, check, settings, searchPathCheck])
        expect(call.args).toEqual([...base, '-f', '-'])
      for (const role of ['anon', 'authenticated', 'service_role'])
        expect(setup!.stdin).toContain(`create role ${role} nologin`)
      expect(setup!.stdin).toContain('alter default privileges for role postgres, supabase_admin')
      expect(rest.map((call) => call.args)).toEqual(
        readdirSync(path.join(root, 'supabase/migrations'))
          .filter((file) => file.endsWith('.sql'))
          .sort()
          .map((file) => [
            ...base,
            '--single-transaction',
            '-c',
            'set session authorization postgres',
            '-f',
            path.join(root, 'supabase/migrations', file),
          ]),
      )
      expect(report.stdin).toContain("has_table_privilege('anon', c.oid, p)")
      expect(check.stdin).toContain('is open to the public key')
      expect(settings.stdin).toContain('p.proconfig')
      expect(searchPathCheck.stdin).toContain('sets no search_path')
      expect(JSON.stringify(calls)).not.toContain(SECRET)
    })

    it('says what to set when no database is named', async () => {
      const { code, stdout, calls } = await dryRun('migration-check.ts', [], {})
      expect(code).toBe(1)
      expect(stdout).toContain('::error title=Migrations::PGHOST is not set')
      expect(calls).toEqual([])
    })
  },
)
