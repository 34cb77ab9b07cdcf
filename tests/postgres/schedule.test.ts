// The deploy's schedule step (operations/contact-schedule.ts, its SQL from
// operations/contact-schedule.ts) on a real PostgreSQL with pg_cron, set up as a Supabase project,
// with stand-ins for pg_net and Vault (./supabase-project.ts), run as the deploy runs it: as
// `postgres`, the non-superuser the hosted SQL endpoint connects as.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATION_OWNER } from '../../operations/migration-check.ts'
import {
  CALL_TIMEOUT_MS,
  functionUrl,
  HAND_MADE_JOB_NAMES,
  JOB_COMMAND,
  SCHEDULE,
  SCHEDULE_JOB_NAME,
  scheduleSql,
  VAULT_TOKEN_NAME,
  VAULT_URL_NAME,
} from '../../operations/contact-schedule.ts'
import { RELEASE_HELD_HEADER } from '../../supabase/functions/send-contact-email/config.ts'
import { startPostgres, type Postgres } from '../harness/postgres.ts'
import { PG_NET_STAND_IN_SQL, supabaseProject, VAULT_STAND_IN_SQL } from './supabase-project.ts'

const URL = functionUrl('abcdefghijklmnopqrst')
const TOKEN = 'scheduled-call-token-'.padEnd(48, '7')
// Quotes and dollar signs must reach Vault as they are, and end no string early.
const NEW_TOKEN = `rotated-'token'-$$-\\-`.padEnd(48, '9')

let pg: Postgres
beforeAll(async () => {
  pg = await startPostgres()
  supabaseProject(pg)
})
afterAll(() => pg?.stop())

const asOwner = { role: MIGRATION_OWNER }
const runStep = (token: string) => pg.psql(scheduleSql(URL, token), asOwner)

interface Job {
  jobid: number
  jobname: string
  schedule: string
  command: string
  username: string
  database: string
  active: boolean
  row_version: string
}
const jobs = () =>
  pg.rows<Job>(
    'select jobid, jobname, schedule, command, username, database, active, xmin::text as row_version from cron.job order by jobid',
  )
const secrets = () =>
  pg.rows<{ name: string; decrypted_secret: string; updated_at: string; row_version: string }>(
    `select d.name, d.decrypted_secret, s.updated_at, s.xmin::text as row_version
     from vault.secrets s join vault.decrypted_secrets d using (id) order by d.name`,
  )

describe('the scheduled call, made by the deploy', () => {
  it('says which extension is missing where pg_net or Vault is not there', () => {
    expect(() => runStep(TOKEN)).toThrow(
      /pg_net is not enabled in this database: the scheduled call needs net.http_post/,
    )
    pg.psql(PG_NET_STAND_IN_SQL)
    expect(() => runStep(TOKEN)).toThrow(/Vault \(supabase_vault\) is not enabled in this database/)
    pg.psql(VAULT_STAND_IN_SQL)
    expect(jobs()).toEqual([])
  })

  it('runs twice: one job, every five minutes, the secrets in Vault; the second run writes nothing', () => {
    // The hourly job the README once told owners to make by hand.
    pg.psql(`select cron.schedule('${HAND_MADE_JOB_NAMES[0]}', '1 * * * *', 'select 1')`, asOwner)
    const printed = runStep(TOKEN)
    expect(printed).not.toContain(TOKEN)
    const [job, ...others] = jobs()
    expect(others).toEqual([])
    expect(job).toMatchObject({
      jobname: SCHEDULE_JOB_NAME,
      schedule: SCHEDULE,
      command: JOB_COMMAND,
      username: MIGRATION_OWNER,
      database: pg.database,
      active: true,
    })
    expect(SCHEDULE).toBe('*/5 * * * *')
    const stored = secrets()
    expect(stored.map(({ name, decrypted_secret }) => [name, decrypted_secret])).toEqual([
      [VAULT_URL_NAME, URL],
      [VAULT_TOKEN_NAME, TOKEN],
    ])
    // The command holds no secret: it reads both from Vault when it runs.
    expect(job!.command).not.toContain(TOKEN)
    expect(job!.command).not.toContain(URL)

    runStep(TOKEN)
    expect(jobs()).toEqual([job])
    expect(secrets()).toEqual(stored)
  })

  it('updates the secret in Vault when it changed, and nothing else', () => {
    const [job] = jobs()
    const [url, token] = secrets()
    runStep(NEW_TOKEN)
    expect(jobs()).toEqual([job])
    const [sameUrl, newToken] = secrets()
    expect(sameUrl).toEqual(url)
    expect(newToken!.decrypted_secret).toBe(NEW_TOKEN)
    expect(newToken!.updated_at > token!.updated_at).toBe(true)
  })

  it('posts {} to the function with the secret in its header when the job runs', () => {
    const [job] = jobs()
    // As pg_cron runs it: in a session of the job's user.
    pg.psql(job!.command, { role: job!.username })
    expect(
      pg.rows(
        'select url, body, params, headers, timeout_milliseconds, called_by from net.recorded_posts',
      ),
    ).toEqual([
      {
        url: URL,
        body: {},
        params: {},
        headers: { 'Content-Type': 'application/json', [RELEASE_HELD_HEADER]: NEW_TOKEN },
        timeout_milliseconds: CALL_TIMEOUT_MS,
        called_by: MIGRATION_OWNER,
      },
    ])
  })
})
