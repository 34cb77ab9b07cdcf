// The throwaway PostgreSQL the other files of this folder start (tests/harness/postgres.ts): it runs
// as a user other than root, has pg_cron, answers passwords over TCP only for the right one, and
// leaves nothing behind.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findPostgres, startPostgres, SUPERUSER, type Postgres } from '../harness/postgres.ts'

let pg: Postgres
beforeAll(async () => {
  pg = await startPostgres()
})
afterAll(() => pg?.stop())

const psqlOver = (url: string) =>
  spawnSync(`${findPostgres()!.bin}/psql`, [url, '--no-psqlrc', '-Atc', 'select current_user'], {
    encoding: 'utf8',
    env: { ...process.env, PGPASSWORD: '', PGCONNECT_TIMEOUT: '5' },
  })

describe('the PostgreSQL harness', () => {
  it('runs the server as a user other than root, with pg_cron', () => {
    const pid = Number(pg.psql('select pg_backend_pid()').trim())
    const owner = spawnSync('ps', ['-o', 'user=', '-p', String(pid)], { encoding: 'utf8' })
    expect(owner.stdout.trim()).not.toBe('root')
    pg.psql('create extension pg_cron')
    expect(pg.rows('select jobid from cron.job')).toEqual([])
  })

  it('gives working connection strings, and refuses a wrong password', () => {
    expect(psqlOver(pg.url).stdout.trim()).toBe(SUPERUSER)
    pg.psql(`create role reader login password 'right-password'`)
    expect(psqlOver(pg.connectionString('reader', 'right-password')).stdout.trim()).toBe('reader')
    const refused = psqlOver(pg.connectionString('reader', 'wrong-password'))
    expect(refused.status).not.toBe(0)
    expect(refused.stderr).toMatch(/password authentication failed/)
  })

  it('throws psql’s error for bad SQL', () => {
    expect(() => pg.psql('select from no_such_table')).toThrow(/no_such_table/)
  })

  it('removes its folder when stopped', async () => {
    const other = await startPostgres({ cron: false })
    const folder = other.rows<{ dir: string }>(
      `select setting as dir from pg_settings where name = 'unix_socket_directories'`,
    )[0]!.dir
    expect(existsSync(folder)).toBe(true)
    await other.stop()
    expect(existsSync(folder)).toBe(false)
    await other.stop() // twice is harmless
  })
})
