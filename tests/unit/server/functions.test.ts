// The local mount used by `npm start` and `npm run dev`: a real HTTP server on 127.0.0.1 with the
// middleware, a PGlite directory on disk, and the leads command reading it while it runs.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, FunctionsHttpError } from '@supabase/supabase-js'
import {
  CONTACT_FUNCTION_NAME,
  CONTACT_FUNCTION_PATH,
} from '../../../supabase/functions/_shared/contact-request.ts'
import type { StoredContactRequest } from '../../../supabase/functions/send-contact-email/lead-store.ts'
import { DataDirBusyError, lockFileOf, type LockInfo } from '../../../server/data-folder-lock.ts'
import { ADMIN_TOKEN_HEADER } from '../../../server/leads-admin-server.ts'
import { createFunctionsMiddleware, type FunctionsMiddleware } from '../../../server/functions.ts'
import { openLeadsAccess } from '../../../operations/leads/local-store.ts'
import { openLocalDatabase } from '../../../server/local-database.ts'
import { MIGRATIONS_DIR } from '../../../server/migrations.ts'
import {
  ALLOWED_ORIGIN,
  capturingLogger,
  contactBody,
  guideBody,
  failingMail,
} from '../helpers/function-fixtures.ts'
import { leadsCommand } from '../helpers/leads-command.ts'
import { timeLimit } from '../../harness/time-limit.ts'

let workDir: string
let dataDir: string
// dataDir is set by the file's beforeAll, so it is read when a command runs.
const leads = (...args: string[]) => leadsCommand(args, { ...process.env, LEADS_DATA_DIR: dataDir })
let functions: FunctionsMiddleware
let server: Server
let baseUrl: string
const mail = failingMail('no provider in tests')

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'leads-'))
  dataDir = path.join(workDir, 'pglite')
  functions = await createFunctionsMiddleware({
    dataDir,
    env: { MIN_SUBMIT_MS: '0' },
    mail,
    logger: capturingLogger(),
  })
  server = createServer((req, res) =>
    functions.middleware(req, res, () => {
      res.statusCode = 404
      res.end('static file server would answer here')
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, timeLimit(60_000))

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await functions.close()
  await rm(workDir, { recursive: true, force: true })
})

const send = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${CONTACT_FUNCTION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ALLOWED_ORIGIN, ...headers },
    body: JSON.stringify(body),
  })

describe('the middleware on a Node server', () => {
  it('answers the function path and stores the request', async () => {
    const response = await send(guideBody)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, id: expect.any(String) })
  })

  it('passes every other path to next()', async () => {
    for (const url of ['/', '/contact', '/functions/v1/other', `${CONTACT_FUNCTION_PATH}-x`]) {
      const response = await fetch(`${baseUrl}${url}`)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('static file server')
    }
  })

  it('answers a query-string variant and the preflight', async () => {
    const response = await fetch(`${baseUrl}${CONTACT_FUNCTION_PATH}?x=1`, {
      method: 'OPTIONS',
      headers: { origin: ALLOWED_ORIGIN },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN)
  })

  it('answers 413 to a chunked body over the limit and keeps serving', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = httpRequest(`${baseUrl}${CONTACT_FUNCTION_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ALLOWED_ORIGIN },
      })
      outgoing.on('response', (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      outgoing.on('error', reject)
      const chunk = Buffer.alloc(16 * 1024, 'a')
      for (let index = 0; index < 8; index++) outgoing.write(chunk)
      outgoing.end()
    })
    expect(status).toBe(413)
    expect((await send(contactBody)).status).toBe(200)
  })

  it('rate-limits by the socket address, not by a forged X-Forwarded-For', async () => {
    // Earlier tests in this file already used some of the five allowed submissions from 127.0.0.1.
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await send(contactBody, { 'x-forwarded-for': `203.0.113.${attempt}` })
      statuses.push(response.status)
      await response.body?.cancel()
    }
    expect(statuses).toContain(429)
  })
})

describe('called the way the site calls it: supabase-js functions.invoke', () => {
  // Node 20 lacks WebSocket, which supabase-js's realtime part wants at construction; unused here.
  const NoWebSocket = function NoWebSocket() {
    throw new Error('realtime is not used')
  } as unknown as typeof WebSocket
  const client = () =>
    createClient(baseUrl, 'local-anon-key', {
      realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
    })

  it('returns { ok, id } as data for a valid request', async () => {
    // Earlier tests used up this client's allowance; start a fresh window (same process, so
    // this shares the server's open database).
    const shared = await openLocalDatabase(dataDir)
    await shared.db.exec('delete from contact_rate_limits')
    await shared.close()
    const { data, error } = await client().functions.invoke(CONTACT_FUNCTION_NAME, {
      body: { ...contactBody, phone: '' },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ ok: true, id: expect.any(String) })
  })

  it('returns an error (the only thing the forms read) for an invalid request', async () => {
    const { data, error } = await client().functions.invoke(CONTACT_FUNCTION_NAME, {
      body: { ...contactBody, email: 'nope' },
    })
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(400)
    expect((await response.json()).fields).toEqual({ email: 'Invalid email address' })
  })
})

describe('the leads command while the server holds the database', () => {
  it('serves the rows newest first on a 127.0.0.1 admin endpoint named in the lock file', async () => {
    const holder = JSON.parse(await readFile(lockFileOf(dataDir), 'utf8')) as LockInfo
    expect(holder.pid).toBe(process.pid)
    expect(holder.adminUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await fetch(`${holder.adminUrl}/leads`)).status).toBe(401)
    const wrongToken = await fetch(`${holder.adminUrl}/leads`, {
      headers: { [ADMIN_TOKEN_HEADER]: 'x'.repeat(holder.adminToken!.length) },
    })
    expect(wrongToken.status).toBe(401)

    const response = await fetch(`${holder.adminUrl}/leads`, {
      headers: { [ADMIN_TOKEN_HEADER]: holder.adminToken! },
    })
    const rows = (await response.json()) as StoredContactRequest[]
    expect(rows.length).toBeGreaterThanOrEqual(5)
    expect(rows.map((row) => row.createdAt)).toEqual(
      [...rows.map((row) => row.createdAt)].sort().reverse(),
    )
    expect(rows.at(-1)?.kind).toBe('guide')
    expect(rows.every((row) => row.status === 'failed')).toBe(true)
  })

  it(
    'prints stored requests and retries failed ones as a CLI',
    async () => {
      const listed = await leads()
      expect(listed.code).toBe(0)
      expect(listed.stdout).toContain('FAILED')
      expect(listed.stdout).toContain('guide: System Design Interview Guide')
      expect(listed.stdout).toContain('Grace Hopper <grace@example.com>')

      const callsBefore = mail.calls
      // The retry runs in the server process, with the server's (still failing) transport.
      const retried = await leads('--retry')
      expect(retried.stdout).toMatch(
        /Retried \d+ request\(s\): 0 sent, 0 only logged \(no RESEND_API_KEY\), \d+ still failing/,
      )
      expect(mail.calls).toBeGreaterThan(callsBefore)
    },
    timeLimit(60_000),
  )

  it('refuses to open a directory another live process holds', async () => {
    const other = path.join(workDir, 'other')
    await writeFile(lockFileOf(other), JSON.stringify({ pid: process.ppid, startedAt: '' }))
    await expect(
      openLeadsAccess({ dataDir: other, logger: capturingLogger() }),
    ).rejects.toBeInstanceOf(DataDirBusyError)
  })
})

// One test per command: each starts the leads command two or three times, and a time limit
// covers one piece of work.
describe('spam through the leads command (the server holds the database)', () => {
  let spam: { id: string }
  let old: { id: string }

  beforeAll(async () => {
    spam = await (await send({ ...contactBody, website: 'bot was here' })).json()
    old = await (await send({ ...guideBody, website: 'old bot' })).json()
    const database = await openLocalDatabase(dataDir)
    await database.db.query(
      "update contact_requests set created_at = now() - interval '31 days' where id = $1",
      [old.id],
    )
    await database.close()
  })

  it(
    'lists spam with --spam, as text and as JSON',
    async () => {
      const listed = await leads('--spam')
      expect(listed.stdout).toContain('SPAM')
      expect(listed.stdout).toContain('honeypot: the hidden website field was filled')
      expect(listed.stdout).not.toContain('FAILED')
      const json = JSON.parse((await leads('--spam', '--json')).stdout) as StoredContactRequest[]
      expect(json.map((row) => row.id).sort()).toEqual([spam.id, old.id].sort())
    },
    timeLimit(60_000),
  )

  it(
    'releases one with --release, mailing it, and then knows it no longer as spam',
    async () => {
      const callsBefore = mail.calls
      const released = await leads('--release', spam.id)
      // The server's transport fails in these tests: released, mail attempted and marked failed.
      expect(released.stdout).toContain(`Released ${spam.id} from spam; mail failed via failing`)
      expect(released.code).toBe(1)
      expect(mail.calls).toBe(callsBefore + 1)
      const unknown = await leads('--release', spam.id)
      expect(unknown.stderr).toContain(`No spam request with id ${spam.id}`)
    },
    timeLimit(60_000),
  )

  it(
    'purges spam older than 30 days with --purge',
    async () => {
      expect((await leads('--purge')).stdout).toContain(
        'Purged 1 spam request(s) older than 30 days',
      )
      const left = JSON.parse((await leads('--spam', '--json')).stdout) as StoredContactRequest[]
      expect(left).toEqual([])
    },
    timeLimit(60_000),
  )
})

describe('after the server stops', () => {
  it(
    'opens the directory directly, keeps the rows, and does not re-apply migrations',
    async () => {
      const scratch = path.join(workDir, 'reopen')
      const first = await createFunctionsMiddleware({
        dataDir: scratch,
        env: { MIN_SUBMIT_MS: '0' },
        logger: capturingLogger(),
        adminEndpoint: false,
      })
      await first.close()
      await writeFile(lockFileOf(scratch), JSON.stringify({ pid: 999_999_999, startedAt: '' }))
      const access = await openLeadsAccess({
        env: { LEADS_DATA_DIR: scratch },
        logger: capturingLogger(),
      })
      expect(access.via).toBe('direct')
      expect(await access.list()).toEqual([])
      await access.close()
      const reopened = await openLocalDatabase(scratch)
      const { rows } = await reopened.db.query<{ name: string }>(
        'select name from local_schema_migrations',
      )
      const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort()
      expect(files.length).toBeGreaterThanOrEqual(2)
      expect(rows.map((row) => row.name).sort()).toEqual(files)
      await reopened.close()
    },
    timeLimit(60_000),
  )
})

describe('the local server as its own schedule', () => {
  it('retries a failed mail on its timer, as pg_cron has the hosted function do', async () => {
    let now = new Date()
    let failing = true
    const sent: string[] = []
    const local = await createFunctionsMiddleware({
      dataDir: 'memory://',
      env: { MIN_SUBMIT_MS: '0' },
      mail: {
        name: 'flaky',
        delivers: true,
        send(outgoing) {
          if (failing) return Promise.reject(new Error('provider is down'))
          sent.push(outgoing.subject)
          return Promise.resolve()
        },
      },
      logger: capturingLogger(),
      clock: () => now,
      scheduleIntervalMs: 100,
    })
    const localServer = createServer((req, res) => local.middleware(req, res, () => res.end()))
    await new Promise<void>((resolve) => localServer.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = localServer.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}${CONTACT_FUNCTION_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ALLOWED_ORIGIN },
        body: JSON.stringify(contactBody),
      })
      expect(response.status).toBe(200)
      // Not due yet: the timer's passes send nothing.
      failing = false
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(sent).toHaveLength(0)
      // Five minutes later by the function's clock: the next pass sends it.
      now = new Date(now.getTime() + 5 * 60_000)
      for (let waited = 0; sent.length === 0 && waited < 5000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(sent).toHaveLength(1)
    } finally {
      await new Promise<void>((resolve) => localServer.close(() => resolve()))
      await local.close()
    }
  })
})
