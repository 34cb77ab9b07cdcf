// A throwaway PostgreSQL for tests: Debian's server (installed by tests/harness/ensure-postgres.ts,
// `npm run setup:postgres`) with pg_cron preloaded, in a temporary folder, removed afterwards.
//
//   const pg = await startPostgres()           // a few seconds: initdb, then the server
//   pg.psql('create role reader login password $$x$$')  // SQL as the superuser, output as text
//   pg.rows<{ n: number }>('select 1 as n')   // a query's rows, parsed from JSON
//   pg.connectionString('reader', 'x')        // postgresql://reader:x@127.0.0.1:<port>/postgres
//   pg.env()                                  // libpq's PGHOST... for the superuser (or a role)
//   await pg.stop()                           // the server stopped, its folder removed
//   applyMigrations(pg.env())                 // ../../operations/migration-check.ts: a Supabase-like project
//                                             // (roles, default privileges, the migrations)
//
// - The cluster's bootstrap superuser is `supabase_admin`, as on Supabase, so that tests can
//   create `postgres` as the non-superuser owner Supabase gives a project (SUPERUSER below).
// - It listens on 127.0.0.1 on a free port (password authentication, scram-sha-256) and on a
//   unix socket in its own folder (trust: `psql`/`rows` use it, under any role that may log in).
// - initdb and postgres refuse to run as root: as root, the server runs as the OS user `postgres`
//   (Debian's package makes it) and the folder is given to it.
// - pg_cron is preloaded (`cron: false` to leave it out) and works in `database`; its jobs run
//   as background workers, so they need no password.
// - Durability is off (fsync, synchronous commit): a crash loses the folder anyway.
// - stop() is also called when the process exits, so a failed test leaves nothing behind.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** Supabase's superuser; `postgres` there is not one. */
export const SUPERUSER = 'supabase_admin'
/** Debian's home of each installed major version: /usr/lib/postgresql/<major>/bin. */
const DEBIAN_ROOT = '/usr/lib/postgresql'
/** Debian names the pg_cron package after the server's major version. */
export const cronPackage = (major: number) => `postgresql-${major}-cron`

export interface PostgresInstall {
  major: number
  /** The folder of initdb, postgres and psql. */
  bin: string
  /** Whether pg_cron is installed for this version. */
  cron: boolean
}

/** The newest PostgreSQL Debian's packages installed, or undefined. */
export function findPostgres(): PostgresInstall | undefined {
  if (!existsSync(DEBIAN_ROOT)) return undefined
  const major = readdirSync(DEBIAN_ROOT)
    .map(Number)
    .filter((version) => Number.isInteger(version) && existsSync(serverBinary(version)))
    .sort((a, b) => b - a)[0]
  if (major === undefined) return undefined
  return {
    major,
    bin: path.join(DEBIAN_ROOT, String(major), 'bin'),
    cron: existsSync(`/usr/share/postgresql/${major}/extension/pg_cron.control`),
  }
}

const serverBinary = (major: number) => path.join(DEBIAN_ROOT, String(major), 'bin', 'postgres')

export interface PostgresOptions {
  /** The database the tests use and pg_cron runs in. Default `postgres`, as on Supabase. */
  database?: string
  /** Preload pg_cron (default true); the extension itself is created by whoever needs it. */
  cron?: boolean
}

export interface RunOptions {
  /** The role to connect as (default SUPERUSER); it must be allowed to log in. */
  role?: string
  database?: string
}

export interface Postgres {
  host: '127.0.0.1'
  port: number
  database: string
  /** The superuser's connection string (TCP, with its password). */
  url: string
  /** A role's connection string over TCP; the superuser's password when none is given. */
  connectionString(role?: string, password?: string): string
  /** libpq's variables for a role (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE), over TCP. */
  env(role?: string, password?: string): Record<string, string>
  /** Runs SQL through psql (stops at the first error, which it throws); returns what it printed. */
  psql(sql: string, options?: RunOptions): string
  /** The rows of one query. */
  rows<Row = Record<string, unknown>>(query: string, options?: RunOptions): Row[]
  /** Stops the server and removes its folder; safe to call twice. */
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/** The OS user the server runs as: this one, or `postgres` when this is root. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const found = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' })
  const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' })
  if (found.status !== 0 || group.status !== 0)
    throw new Error(
      'PostgreSQL refuses to run as root and there is no OS user `postgres` to run it as: install Debian’s postgresql package (npm run setup:postgres).',
    )
  return { uid: Number(found.stdout.trim()), gid: Number(group.stdout.trim()) }
}

export async function startPostgres(options: PostgresOptions = {}): Promise<Postgres> {
  const install = findPostgres()
  if (!install)
    throw new Error(
      'PostgreSQL is not installed: run `npm run setup:postgres` (Debian’s postgresql).',
    )
  const cron = options.cron ?? true
  if (cron && !install.cron)
    throw new Error(
      `pg_cron is not installed for PostgreSQL ${install.major}: run \`npm run setup:postgres\` (${cronPackage(install.major)}).`,
    )
  const database = options.database ?? 'postgres'
  const user = serverUser()
  const folder = mkdtempSync(path.join(tmpdir(), 'pg-'))
  const data = path.join(folder, 'data')
  const password = randomBytes(18).toString('base64url')
  let server: ChildProcess | undefined
  let stopped = false

  const removeNow = () => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
    rmSync(folder, { recursive: true, force: true })
  }
  process.once('exit', removeNow)
  const stop = async () => {
    if (stopped) return
    stopped = true
    process.off('exit', removeNow)
    if (server && server.exitCode === null && server.signalCode === null) {
      const child = server
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT') // fast shutdown: ends the sessions, no checkpoint wait for clients
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(killer)
    }
    rmSync(folder, { recursive: true, force: true })
  }

  try {
    const asUser = { ...(user ?? {}), env: { ...process.env, HOME: folder, LC_ALL: 'C.UTF-8' } }
    if (user) chownSync(folder, user.uid, user.gid)
    const passwordFile = path.join(folder, 'password')
    writeFileSync(passwordFile, password + '\n', { mode: 0o600 })
    if (user) chownSync(passwordFile, user.uid, user.gid)
    const initdb = spawnSync(
      path.join(install.bin, 'initdb'),
      [
        '--pgdata',
        data,
        '--username',
        SUPERUSER,
        '--pwfile',
        passwordFile,
        '--auth-local',
        'trust',
        '--auth-host',
        'scram-sha-256',
        '--encoding',
        'UTF8',
        '--no-locale',
        '--no-sync',
        '--no-instructions',
      ],
      { ...asUser, encoding: 'utf8' },
    )
    rmSync(passwordFile)
    if (initdb.status !== 0)
      throw new Error(`initdb failed: ${(initdb.stderr || initdb.stdout || '').trim()}`)

    // The port is free when picked, but another process may take it before the server binds
    // it: then the server stops at once, and another port is tried.
    let port = 0
    for (let attempt = 1; !port; attempt++) {
      const candidate = await freePort()
      const settings: Record<string, string> = {
        listen_addresses: '127.0.0.1',
        port: String(candidate),
        unix_socket_directories: folder,
        fsync: 'off',
        synchronous_commit: 'off',
        full_page_writes: 'off',
        shared_buffers: '16MB',
        max_connections: '30',
        ...(cron && {
          shared_preload_libraries: 'pg_cron',
          'cron.database_name': database,
          'cron.use_background_workers': 'on',
          max_worker_processes: '16',
        }),
      }
      const child = spawn(
        path.join(install.bin, 'postgres'),
        [
          '-D',
          data,
          ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
        ],
        { ...asUser, stdio: ['ignore', 'ignore', 'pipe'] },
      )
      server = child
      let log = ''
      const started = await new Promise<boolean>((resolve, reject) => {
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
          log += chunk
          if (log.includes('database system is ready to accept connections')) resolve(true)
        })
        child.once('error', reject)
        child.once('exit', (code) => {
          if (/could not bind|already in use/i.test(log) && attempt < 3) resolve(false)
          else reject(new Error(`postgres stopped while starting (exit ${code}): ${log.trim()}`))
        })
      })
      // The log is not read any more; the pipe stays drained so the server never blocks on it.
      child.stderr!.removeAllListeners('data').resume()
      if (started) port = candidate
    }

    const connectionString = (role = SUPERUSER, rolePassword?: string) => {
      const secret = rolePassword ?? (role === SUPERUSER ? password : undefined)
      const credentials = secret
        ? `${encodeURIComponent(role)}:${encodeURIComponent(secret)}`
        : encodeURIComponent(role)
      return `postgresql://${credentials}@127.0.0.1:${port}/${encodeURIComponent(database)}`
    }
    const psql = (sql: string, run: RunOptions = {}) => {
      const result = spawnSync(
        path.join(install.bin, 'psql'),
        ['--no-psqlrc', '--quiet', '--no-align', '--tuples-only', '-v', 'ON_ERROR_STOP=1'],
        {
          input: sql,
          encoding: 'utf8',
          env: {
            ...process.env,
            PGHOST: folder,
            PGPORT: String(port),
            PGUSER: run.role ?? SUPERUSER,
            PGDATABASE: run.database ?? database,
            PGPASSWORD: '',
          },
        },
      )
      if (result.status !== 0)
        throw new Error(`psql failed: ${(result.stderr || result.stdout || '').trim()}`)
      return result.stdout
    }
    if (database !== 'postgres') psql(`create database "${database}"`, { database: 'postgres' })
    return {
      host: '127.0.0.1',
      port,
      database,
      url: connectionString(),
      connectionString,
      env: (role = SUPERUSER, rolePassword?: string) => ({
        PGHOST: '127.0.0.1',
        PGPORT: String(port),
        PGUSER: role,
        PGPASSWORD: rolePassword ?? (role === SUPERUSER ? password : ''),
        PGDATABASE: database,
      }),
      psql,
      rows: <Row>(query: string, run?: RunOptions) =>
        JSON.parse(
          psql(`select coalesce(json_agg(q), '[]') from (${query}) q`, run).trim(),
        ) as Row[],
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
