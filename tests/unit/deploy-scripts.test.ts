// Dry runs of the deploy jobs' scripts (scripts/deploy/): each runs as the workflow runs it, with
// fake `supabase`, `wrangler` and `psql` first on PATH that record their arguments (and what
// they were handed), so the calls, their order and what is kept out of them are asserted here.
// The real CLIs are actions of the workflow, tried only on real accounts (docs/deploy.md).
import { execFile } from 'node:child_process'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { leadsReaderSql, scramVerifier } from '../../tools/lib/leads-reader.ts'
import { functionUrl, scheduleSql } from '../../scripts/deploy/schedule.ts'
import { timeLimit } from '../../tools/lib/time-limit.ts'
import { scratchDir } from './scratch-dir.ts'

const execute = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')
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
  for (const name of ['supabase', 'wrangler', 'psql']) {
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
  const result = await execute(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/deploy', script), ...args],
    {
      cwd: root,
      env: {
        PATH: `${bin}${path.delimiter}${process.env.PATH}`,
        HOME: process.env.HOME ?? '',
        FAKE_LOG: log,
        GITHUB_OUTPUT: output,
        ...env,
      },
    },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  const calls = existsSync(log)
    ? (await readFile(log, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Call & Record<string, unknown>)
    : []
  return { ...result, calls, outputs: await readFile(output, 'utf8') }
}

const SECRET = 'do-not-print-this-value'
const backendEnv = {
  SITE_URL: 'https://panelwise.dev',
  SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst',
  SUPABASE_ACCESS_TOKEN: `sbp_${SECRET}`,
  SUPABASE_DB_PASSWORD: `db-${SECRET}`,
  RESEND_API_KEY: `re_${SECRET}`,
  CONTACT_TO: 'team@panelwise.dev',
  CONTACT_FROM: 'Panelwise <no-reply@panelwise.dev>',
  CLIENT_HASH_SALT: `salt-${SECRET}`,
  RELEASE_HELD_TOKEN: `release-${SECRET}`,
}
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
  })

  it('links, pushes the migrations, sets the settings, then deploys the function', async () => {
    const { code, stdout, stderr, calls } = await dryRun('backend.ts', ['deploy'], backendEnv)
    expect(code).toBe(0)
    const ref = backendEnv.SUPABASE_PROJECT_REF
    expect(calls.map((call) => call.args)).toEqual([
      ['link', '--project-ref', ref],
      ['db', 'push'],
      [
        'secrets',
        'set',
        '--env-file',
        expect.stringContaining('secrets.env'),
        '--project-ref',
        ref,
      ],
      ['functions', 'deploy', 'send-contact-email', '--project-ref', ref],
      ['db', 'query', '--linked', '--output', 'json', '--file', expect.stringContaining('.sql')],
      ['db', 'query', '--linked', '--output', 'json', '--file', expect.stringContaining('.sql')],
    ])
    expect(calls.every((call) => call.command === 'supabase')).toBe(true)
    // The CLI logs in and reaches the database through its environment.
    for (const call of calls)
      expect(call.credentials).toEqual(['SUPABASE_ACCESS_TOKEN', 'SUPABASE_DB_PASSWORD'])
    expect(calls[2]!.envFile).toBe(
      [
        'ALLOWED_ORIGINS="https://panelwise.dev"',
        `RESEND_API_KEY="re_${SECRET}"`,
        'CONTACT_TO="team@panelwise.dev"',
        'CONTACT_FROM="Panelwise <no-reply@panelwise.dev>"',
        `CLIENT_HASH_SALT="salt-${SECRET}"`,
        `RELEASE_HELD_TOKEN="release-${SECRET}"`,
        '',
      ].join('\n'),
    )
    // The schedule's SQL carries the function's address and its secret, by a file.
    expect(calls[4]!.sqlFile).toBe(scheduleSql(functionUrl(ref), backendEnv.RELEASE_HELD_TOKEN))
    // The files are gone once used, and no secret is on a command line or in the log.
    expect(existsSync(calls[2]!.args[3]!)).toBe(false)
    expect(existsSync(calls[4]!.args.at(-1)!)).toBe(false)
    // Without LEADS_READER_PASSWORD the owner's read-only role may not log in.
    expect(calls[5]!.sqlFile).toBe(leadsReaderSql(undefined))
    expect(existsSync(calls[5]!.args.at(-1)!)).toBe(false)
    expect(JSON.stringify(calls.map((call) => call.args))).not.toContain(SECRET)
    expect(stdout + stderr).not.toContain(SECRET)
  })

  it('allows the origins ALLOWED_ORIGINS names, when it is set', async () => {
    const origins = 'https://panelwise.dev,https://www.panelwise.dev'
    const { calls } = await dryRun('backend.ts', ['deploy'], {
      ...backendEnv,
      ALLOWED_ORIGINS: origins,
    })
    expect(calls[2]!.envFile).toContain(`ALLOWED_ORIGINS="${origins}"\n`)
  })

  it('lets the owner’s read-only role log in with LEADS_READER_PASSWORD, by its verifier only', async () => {
    const password = `reader-${SECRET}-0123456789`
    const { code, stdout, stderr, calls } = await dryRun('backend.ts', ['deploy'], {
      ...backendEnv,
      LEADS_READER_PASSWORD: password,
    })
    expect(code).toBe(0)
    expect(calls[5]!.sqlFile).toBe(leadsReaderSql(password))
    expect(calls[5]!.sqlFile).toContain(
      `alter role leads_reader with login password '${scramVerifier(password)}';`,
    )
    expect(calls[5]!.sqlFile).not.toContain(password)
    expect(stdout + stderr).not.toContain(SECRET)
  })

  it('passes LEAD_RETENTION_DAYS on when it is set, and leaves the default otherwise', async () => {
    const { calls } = await dryRun('backend.ts', ['deploy'], {
      ...backendEnv,
      LEAD_RETENTION_DAYS: '180',
    })
    expect(calls[2]!.envFile).toContain('LEAD_RETENTION_DAYS="180"\n')
  })

  it('deploys the editor’s sign-in with its three settings, all or none', async () => {
    const signIn = {
      CMS_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
      CMS_GITHUB_CLIENT_SECRET: `client-${SECRET}`,
      CMS_OAUTH_STATE_KEY: `state-${SECRET}`,
    }
    const { code, stdout, stderr, calls } = await dryRun('backend.ts', ['deploy'], {
      ...backendEnv,
      ...signIn,
    })
    expect(code).toBe(0)
    const ref = backendEnv.SUPABASE_PROJECT_REF
    expect(calls.slice(3, 5).map((call) => call.args)).toEqual([
      ['functions', 'deploy', 'send-contact-email', '--project-ref', ref],
      ['functions', 'deploy', 'github-oauth', '--project-ref', ref],
    ])
    expect(calls[2]!.envFile).toContain(
      [
        'CMS_GITHUB_CLIENT_ID="Iv1.0123456789abcdef"',
        `CMS_GITHUB_CLIENT_SECRET="client-${SECRET}"`,
        `CMS_OAUTH_STATE_KEY="state-${SECRET}"`,
        '',
      ].join('\n'),
    )
    expect(JSON.stringify(calls.map((call) => call.args))).not.toContain(SECRET)
    expect(stdout + stderr).not.toContain(SECRET)
    expect(stdout).toContain('settings and send-contact-email, github-oauth.')

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

  it('stops at the first failing call and says which', async () => {
    const { code, stdout, calls } = await dryRun('backend.ts', ['deploy'], {
      ...backendEnv,
      FAKE_FAIL: 'supabase db push',
    })
    expect(code).toBe(1)
    expect(stdout).toContain('::error title=Backend deploy::supabase db failed with exit status 1')
    expect(calls.map((call) => call.args[0])).toEqual(['link', 'db'])
  })
})

describe('the site job (scripts/deploy/site.ts)', { timeout: timeLimit(60_000) }, () => {
  const siteEnv = {
    SITE_URL: 'https://panelwise.dev',
    CLOUDFLARE_API_TOKEN: `cf-${SECRET}`,
    CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef',
  }

  it('is skipped with a notice without Cloudflare, and fails so in production', async () => {
    const fork = await dryRun('site.ts', ['gate'], {})
    expect(fork.code).toBe(0)
    expect(fork.stdout).toContain(
      '::notice title=Site deploy skipped::Site deploy is not set up in this repository: set CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID, SITE_URL',
    )
    expect(fork.outputs).toBe('ready=false\n')
    const production = await dryRun('site.ts', ['gate'], inProduction)
    expect(production.code).toBe(1)
    expect(production.stdout).toContain('::error title=Site deploy cannot deploy::missing ')
  })

  it('deploys each morning only when an article’s day has come', async () => {
    const schedule = { ...siteEnv, GITHUB_EVENT_NAME: 'schedule' }
    // content/articles/human-led-vs-automated-assessments.mdx is dated 2026-10-27.
    const due = await dryRun('site.ts', ['gate'], { ...schedule, BUILD_DATE: '2026-10-27' })
    expect(due.stdout).toContain('Due today (2026-10-27): content/articles/human-led-vs-automated')
    expect(due.outputs).toBe('ready=true\n')
    const quiet = await dryRun('site.ts', ['gate'], { ...schedule, BUILD_DATE: '2026-10-28' })
    expect(quiet.stdout).toContain('::notice title=Site deploy skipped::the daily run found no')
    expect(quiet.outputs).toBe('ready=true\nready=false\n')
    const push = await dryRun('site.ts', ['gate'], { ...siteEnv, BUILD_DATE: '2026-10-28' })
    expect(push.outputs).toBe('ready=true\n')
  })

  it('deploys the folder it is given, at canonical addresses, to the live domain', async () => {
    const dist = path.join(scratch(), 'dist')
    await mkdir(path.join(dist, 'client'), { recursive: true })
    await writeFile(path.join(dist, 'client/index.html'), '<!doctype html>')
    const { code, calls, stdout } = await dryRun('site.ts', ['deploy', '--dist', dist], siteEnv)
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
  })

  it('checks the built folder served here, its function answered here', async () => {
    const { code, stdout, calls } = await dryRun('site.ts', ['check', '--dist', 'dist'], {})
    expect(stdout).toMatch(/Smoke check of .*dist served locally passed: \d+ requests\./)
    expect(code).toBe(0)
    expect(calls).toEqual([])
  })
})

describe(
  'the migration check (scripts/deploy/migration-check.ts)',
  { timeout: timeLimit(30_000) },
  () => {
    it('creates Supabase’s roles, applies every migration in order as postgres, then reads the grants back', async () => {
      const pg = { PGHOST: '127.0.0.1', PGUSER: 'supabase_admin', PGPASSWORD: SECRET }
      const { code, calls } = await dryRun('migration-check.ts', [], pg)
      expect(code).toBe(0)
      const base = ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1']
      const [setup, ...rest] = calls
      expect(rest.length).toBeGreaterThanOrEqual(5) // three migrations at least, report and check
      const check = rest.pop()!
      const report = rest.pop()!
      for (const call of [setup!, report, check]) expect(call.args).toEqual([...base, '-f', '-'])
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
