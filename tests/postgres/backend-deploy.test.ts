// The backend deploy as the backend job runs it: the command of its deploy step, read out of
// .github/workflows/ci.yml, run by bash with the step's settings, no terminal and standard input
// /dev/null, calling the real Supabase CLI that hosts/package.json pins. The CLI reaches a
// stand-in for Supabase's Management API (./management-api-stand-in.ts) through a profile file,
// and applies the migrations with `db push` to the harness's PostgreSQL set up with Supabase's
// roles (its `db query` calls run there too, through the stand-in). The test differs from the
// job only by settings the job never sets: SUPABASE_PROFILE (the stand-in), SUPABASE_HOME (a
// scratch folder for the CLI's own files), SUPABASE_MIGRATIONS_DATABASE_URL and PGPASSWORD
// (db push's database: the stand-in cannot hand out a database the CLI reaches, since it
// connects to a linked project on port 5432 of a public host name only).
import { exec } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_DATABASE_SETTING } from '../../operations/backend-deploy.ts'
import { functionUrl, SCHEDULE_JOB_NAME, scheduleSql } from '../../operations/contact-schedule.ts'
import { functionSecrets } from '../../operations/deploy-settings.ts'
import { hostsInstalled } from '../../operations/hosts.ts'
import { leadsReaderSql } from '../../operations/leads-reader.ts'
import {
  migrationFiles,
  MIGRATION_OWNER,
  SUPABASE_SETUP_SQL,
} from '../../operations/migration-check.ts'
import { startPostgres, type Postgres } from '../harness/postgres.ts'
import { timeLimit } from '../harness/time-limit.ts'
import { backendSettings, SECRET, signInSettings } from '../unit/helpers/backend-settings.ts'
import { workflow } from '../unit/helpers/ci-workflow.ts'
import { jobNodeBin } from '../unit/helpers/job-step.ts'
import {
  functionUploads,
  startManagementApi,
  type ManagementApi,
  type Recorded,
} from './management-api-stand-in.ts'
import { scratchDir } from '../unit/helpers/scratch-dir.ts'
import { PG_NET_STAND_IN_SQL, VAULT_STAND_IN_SQL } from './supabase-project.ts'

const run = promisify(exec)
const root = path.resolve(import.meta.dirname, '../..')
const scratch = scratchDir('backend-deploy-')
const REF = backendSettings.SUPABASE_PROJECT_REF
const OWNER_PASSWORD = 'owner-password-for-the-harness'
// The CLI checks the token's form: sbp_ and 40 hexadecimal digits.
const TOKEN = `sbp_${createHash('sha1').update(SECRET).digest('hex')}`

/** The backend job's deploy step: its command and the settings it is given. */
const deployStep = workflow.jobs.backend!.steps.find((step) =>
  step.run?.includes('deploy:backend -- deploy'),
)!

const settings: Record<string, string> = {
  ...backendSettings,
  ...signInSettings,
  ALLOWED_ORIGINS: 'https://panelwise.dev,https://www.panelwise.dev',
  LEAD_RETENTION_DAYS: '180',
  SUPABASE_ACCESS_TOKEN: TOKEN,
  LEADS_READER_PASSWORD: `reader-${SECRET}-0123456789`,
}

let postgres: Postgres
let api: ManagementApi
let profile: string
let nodeBin: string
beforeAll(async () => {
  // The job's Node first on PATH, as setup-node puts it: npm, tsx and the script run on it.
  nodeBin = await jobNodeBin(workflow.jobs.backend!, scratch())
  postgres = await startPostgres()
  postgres.psql(SUPABASE_SETUP_SQL)
  postgres.psql(PG_NET_STAND_IN_SQL)
  postgres.psql(VAULT_STAND_IN_SQL)
  postgres.psql(`alter role ${MIGRATION_OWNER} password '${OWNER_PASSWORD}'`)
  // The hosted SQL endpoint connects as postgres, the non-superuser owner.
  api = await startManagementApi(postgres.connectionString(MIGRATION_OWNER, OWNER_PASSWORD))
  profile = path.join(scratch(), 'stand-in.yaml')
  writeFileSync(
    profile,
    [
      'name: stand-in',
      `api_url: ${api.origin}`,
      `dashboard_url: ${api.origin}/dashboard`,
      // Never resolves: link's https probes of the project's services fail fast and quietly.
      'project_host: stand-in.invalid',
      '',
    ].join('\n'),
  )
})
afterAll(async () => {
  await api?.close()
  await postgres?.stop()
  // What `supabase link` writes beside the project (ignored by git).
  rmSync(path.join(root, 'supabase/.temp'), { recursive: true, force: true })
})

/** The step run as the job runs it (on its Node), `env` its settings, plus the test's four. */
async function deploy(env: Record<string, string>) {
  const url = new URL(postgres.connectionString(MIGRATION_OWNER))
  url.searchParams.set('sslmode', 'disable')
  const requestsBefore = api.requests.length
  const result = await run(deployStep.run!, {
    cwd: root,
    shell: '/bin/bash',
    env: {
      PATH: `${nodeBin}${path.delimiter}${process.env.PATH}`,
      HOME: process.env.HOME,
      CI: 'true',
      ...env,
      SUPABASE_PROFILE: profile,
      SUPABASE_HOME: path.join(scratch(), 'supabase-home'),
      [MIGRATIONS_DATABASE_SETTING]: url.href,
      PGPASSWORD: OWNER_PASSWORD,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  const output = `${result.stdout}${result.stderr}`
  if (process.env.BACKEND_DEPLOY_LOG)
    writeFileSync(process.env.BACKEND_DEPLOY_LOG, `${output}\n`, { flag: 'a' })
  return { ...result, output, requests: api.requests.slice(requestsBefore) }
}

const queries = (requests: Recorded[]) =>
  requests
    .filter((request) => request.path.endsWith('/database/query'))
    .map((request) => (request.body as { query: string }).query)

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** What a run must never print: a question, the local stack, a deprecation, any secret. */
function expectUnattended(output: string) {
  expect(output).not.toMatch(/Confirmation required|can't ask|\[y\/N\]/i)
  expect(output).not.toMatch(/local stack|supabase start|Docker/i)
  expect(output).not.toMatch(/deprecated|will be removed|warning/i)
  expect(output).not.toContain(SECRET)
  expect(output).not.toContain(TOKEN)
}

describe('the backend deploy, by the real Supabase CLI', { timeout: timeLimit(120_000) }, () => {
  it('has the CLI installed from hosts/, and reads only the settings its step gives it', () => {
    expect(hostsInstalled()).toBe(true)
    expect(Object.keys(deployStep.env ?? {}).sort()).toEqual(Object.keys(settings).sort())
  })

  it('deploys everything to the linked project, unattended, and a second run applies nothing', async () => {
    const first = await deploy(settings)
    expect(first.code, first.output).toBe(0)
    expectUnattended(first.output)
    // One project, the one named; the CLI's own token never shows (the stand-in leaves it out).
    expect(new Set(first.requests.map((request) => request.path.split('/')[3]))).toEqual(
      new Set([REF]),
    )
    expect(first.requests.every((request) => request.status < 300)).toBe(true)
    // Every migration applied by db push, in order, into Supabase's history table.
    const files = migrationFiles().map((file) => path.basename(file))
    for (const file of files) expect(first.output).toContain(`Applying migration ${file}`)
    expect(
      postgres.rows<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      ),
    ).toEqual(files.map((file) => ({ version: file.split('_')[0] })))
    // The functions' settings by name; their values reach the API, never a log.
    const posted = first.requests.filter((request) => request.path.endsWith('/secrets'))
    expect(posted.map((request) => request.body)).toEqual([
      { names: functionSecrets(settings).map(([name]) => name) },
    ])
    expect(Object.fromEntries(api.secrets.get(REF)!)).toEqual(
      Object.fromEntries(functionSecrets(settings).map(([name, value]) => [name, sha256(value)])),
    )
    // Both functions, verify_jwt false as supabase/config.toml says, bundled by the API.
    const config = readFileSync(path.join(root, 'supabase/config.toml'), 'utf8')
    const uploads = functionUploads(first.requests)
    expect(uploads.map(({ slug, metadata }) => [slug, metadata.verify_jwt])).toEqual([
      ['send-contact-email', false],
      ['github-oauth', false],
    ])
    for (const { slug, metadata, files: uploaded } of uploads) {
      expect(config).toMatch(new RegExp(`\\[functions\\.${slug}\\][^[]*verify_jwt = false`))
      expect(metadata.entrypoint_path).toBe(`supabase/functions/${slug}/index.ts`)
      expect(uploaded).toContain(`supabase/functions/${slug}/index.ts`)
    }
    // The schedule and the reader's login, as their SQL, on the project's database.
    expect(queries(first.requests)).toEqual([
      scheduleSql(functionUrl(REF), settings.RELEASE_HELD_TOKEN!),
      leadsReaderSql(settings.LEADS_READER_PASSWORD),
    ])
    expect(postgres.rows(`select jobname from cron.job`)).toEqual([{ jobname: SCHEDULE_JOB_NAME }])
    expect(
      postgres.rows(`select rolcanlogin from pg_roles where rolname = 'leads_reader'`),
    ).toEqual([{ rolcanlogin: true }])
    expect(first.stdout).toContain(
      'Backend deployed: migrations, settings and send-contact-email, github-oauth.',
    )

    // Again, without the sign-in's settings and the reader's password.
    const {
      CMS_GITHUB_CLIENT_ID: _id,
      CMS_GITHUB_CLIENT_SECRET: _secret,
      CMS_OAUTH_STATE_KEY: _key,
      LEADS_READER_PASSWORD: _password,
      ...fewer
    } = settings
    const second = await deploy(fewer)
    expect(second.code, second.output).toBe(0)
    expectUnattended(second.output)
    expect(second.output).toContain('Remote database is up to date.')
    expect(second.output).not.toContain('Applying migration')
    expect(functionUploads(second.requests).map(({ slug }) => slug)).toEqual(['send-contact-email'])
    expect(queries(second.requests)).toEqual([
      scheduleSql(functionUrl(REF), settings.RELEASE_HELD_TOKEN!),
      leadsReaderSql(undefined),
    ])
    expect(postgres.rows(`select count(*)::int as jobs from cron.job`)).toEqual([{ jobs: 1 }])
    expect(
      postgres.rows(`select rolcanlogin from pg_roles where rolname = 'leads_reader'`),
    ).toEqual([{ rolcanlogin: false }])
  })

  it('stops at the first failing call and says which', async () => {
    api.failing = 'POST /secrets'
    try {
      const failed = await deploy(settings)
      expect(failed.code).toBe(1)
      expect(failed.stdout).toMatch(/::error title=Backend deploy::\S*supabase secrets failed/)
      expect(functionUploads(failed.requests)).toEqual([])
      expect(queries(failed.requests)).toEqual([])
      expect(failed.output).not.toContain(SECRET)
    } finally {
      api.failing = undefined
    }
  })

  it('refuses a migrations database address that holds a password', async () => {
    expect(existsSync(path.join(root, 'supabase/.temp'))).toBe(true)
    const { code, stdout } = await run(deployStep.run!, {
      cwd: root,
      shell: '/bin/bash',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ...settings,
        SUPABASE_PROFILE: profile,
        SUPABASE_HOME: path.join(scratch(), 'supabase-home'),
        [MIGRATIONS_DATABASE_SETTING]: postgres.connectionString(MIGRATION_OWNER, OWNER_PASSWORD),
      },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => error,
    )
    expect(code).toBe(1)
    expect(stdout).toContain(`${MIGRATIONS_DATABASE_SETTING} holds a password`)
    expect(stdout).not.toContain(OWNER_PASSWORD)
  })
})
