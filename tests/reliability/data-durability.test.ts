// Durable before 2xx. PGlite runs Postgres with fsync off and its NodeFS has no fsync at all, so
// a kill -9 test cannot show durability (the rows are still in the operating system's cache):
// these tests watch the journal's flush itself and check that it comes before each answer, that
// a failed write answers 503 (never 200), and that a journal cut short replays what it holds.
import { existsSync } from 'node:fs'
import { readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/contact-request.ts'
import type { StoredContactRequest } from '../../supabase/functions/send-contact-email/lead-store.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { lockFileOf, type LockInfo } from '../../server/data-folder-lock.ts'
import { createFunctionsMiddleware } from '../../server/functions.ts'
import { ADMIN_TOKEN_HEADER } from '../../server/leads-admin-server.ts'
import { journalFileOf, type JournalRecord } from '../../server/lead-journal.ts'
import { openLocalDatabase } from '../../server/local-database.ts'
import { contactBody } from '../unit/helpers/function-fixtures.ts'
import {
  leads,
  makeWorkFolder,
  startServe,
  stop,
  storedLead,
  untilRunning,
} from './data-helpers.ts'
import { UNHURRIED_STORE_TIMEOUT_MS } from './function-server.ts'
import { timeLimit } from '../harness/time-limit.ts'

let work: Awaited<ReturnType<typeof makeWorkFolder>>
beforeAll(async () => {
  work = await makeWorkFolder('data-durable-')
})
afterAll(() => work.remove())

describe('the journal flush and the answer', () => {
  it(
    'flushes each lead to the disk before its 2xx, and a failed flush answers 503 with no row',
    async () => {
      const dataDir = path.join(work.folder, 'order')
      const events: string[] = []
      const failFor = new Set<string>()
      // The first opener's options hold for the folder; the middleware below shares this database.
      const database = await openLocalDatabase(dataDir, {
        logger: silentLogger,
        journal: {
          async flush(handle, records) {
            const leads = records.flatMap((record: JournalRecord) =>
              'insert' in record ? [record.insert] : [],
            )
            if (leads.some((lead) => failFor.has(lead.requestId ?? '')))
              throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
            await handle.datasync()
            for (const lead of leads) events.push(`flushed ${lead.id}`)
          },
        },
      })
      const functions = await createFunctionsMiddleware({
        dataDir,
        env: {},
        config: {
          minSubmitMs: 0,
          rateLimit: { max: 1000, windowSeconds: 600 },
          // A refused lead is one whose flush failed, not one whose insert waited its turn on a
          // busy machine past the store's limit (that path is tested in tests/deno).
          storeTimeoutMs: UNHURRIED_STORE_TIMEOUT_MS,
        },
        mail: { name: 'accepting', delivers: false, send: () => Promise.resolve() },
        logger: silentLogger,
        adminEndpoint: false,
      })
      const server = createServer((req, res) => {
        // The adapter may send the body in write() calls and end() with none: collect both, and
        // note the answer when it ends.
        const chunks: string[] = []
        const keep = (chunk: unknown) => {
          if (typeof chunk === 'string' || chunk instanceof Uint8Array)
            chunks.push(Buffer.from(chunk).toString('utf8'))
        }
        const write = res.write.bind(res) as (...args: unknown[]) => boolean
        res.write = ((...args: unknown[]) => {
          keep(args[0])
          return write(...args)
        }) as typeof res.write
        const end = res.end.bind(res) as (...args: unknown[]) => typeof res
        res.end = ((...args: unknown[]) => {
          keep(args[0])
          if (res.statusCode === 200) events.push(`answered ${JSON.parse(chunks.join('')).id}`)
          return end(...args)
        }) as typeof res.end
        functions.middleware(req, res, () => res.end())
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${CONTACT_FUNCTION_PATH}`
      const post = (requestId: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
          body: JSON.stringify({ ...contactBody, requestId }),
        })
      try {
        const ids = Array.from({ length: 30 }, () => crypto.randomUUID())
        const failing = ids[7]!
        failFor.add(failing)
        const answers = await Promise.all(ids.map(post))
        const statuses = answers.map((answer) => answer.status)
        // Leads flushed in the same batch as the failing one fail with it: none of them is known
        // to be on the disk. Every other answer is a 200.
        expect(statuses[7]).toBe(503)
        expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
        const refused = ids.filter((_, index) => statuses[index] === 503)
        const answered = events.filter((event) => event.startsWith('answered '))
        expect(answered).toHaveLength(ids.length - refused.length)
        expect(answered.length).toBeGreaterThan(0)
        for (const event of answered) {
          const id = event.slice('answered '.length)
          const flushedAt = events.indexOf(`flushed ${id}`)
          expect(flushedAt, `lead ${id} flushed before its answer`).toBeGreaterThanOrEqual(0)
          expect(flushedAt).toBeLessThan(events.indexOf(event))
        }
        // A failed flush took its rows out again: the browser keeps each refused request and
        // sends it again, which then stores it once.
        const { rows } = await database.db.query<{ count: number }>(
          'select count(*)::int as count from contact_requests where request_id = any($1)',
          [refused],
        )
        expect(rows[0]!.count).toBe(0)
        failFor.clear()
        for (const requestId of refused) expect((await post(requestId)).status).toBe(200)
        // Every lead is in the journal (a failed batch's lines may be there too: its flush failed,
        // not necessarily its write; a replay of them is harmless, one row per request id).
        const journal = await readFile(journalFileOf(dataDir), 'utf8')
        const journaled = new Set(
          journal
            .trim()
            .split('\n')
            .map((line) => (JSON.parse(line) as { insert: StoredContactRequest }).insert.requestId),
        )
        expect([...journaled].sort()).toEqual([...ids].sort())
        const { rows: stored } = await database.db.query<{ count: number }>(
          'select count(*)::int as count from contact_requests',
        )
        expect(stored[0]!.count).toBe(ids.length)
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()))
        await functions.close()
        await database.close()
      }
    },
    timeLimit(120_000),
  )
})

describe('a journal whose last record was cut short', () => {
  it(
    'replays the whole records, says it skipped the torn tail, then starts the journal over',
    async () => {
      const dataDir = path.join(work.folder, 'torn')
      const whole = [storedLead(1), storedLead(2), storedLead(3)]
      const torn = JSON.stringify({ insert: storedLead(4) })
      await writeFile(
        journalFileOf(dataDir),
        whole.map((insert) => `${JSON.stringify({ insert })}\n`).join('') +
          torn.slice(0, torn.length / 2),
      )
      const listed = await leads(dataDir, '--json')
      expect(listed.code).toBe(0)
      const rows = JSON.parse(
        listed.stdout.slice(listed.stdout.indexOf('[')),
      ) as StoredContactRequest[]
      expect(rows.map((stored) => stored.id).sort()).toEqual(whole.map((lead) => lead.id).sort())
      expect(listed.stderr).toContain('leads_journal.torn_tail_skipped')
      expect((await stat(journalFileOf(dataDir))).size).toBe(0)
      // Replayed once: opening again finds the rows in the database and nothing to replay.
      const again = JSON.parse((await leads(dataDir, '--json')).stdout) as StoredContactRequest[]
      expect(again).toHaveLength(3)
    },
    timeLimit(120_000),
  )
})

describe('the running server', () => {
  let server: ReturnType<typeof startServe>
  let dataDir: string
  let holder: LockInfo
  beforeAll(async () => {
    dataDir = path.join(work.folder, 'served')
    server = startServe(work.folder, dataDir)
    await untilRunning(server)
    holder = JSON.parse(await readFile(lockFileOf(dataDir), 'utf8')) as LockInfo
  }, timeLimit(60_000))
  afterAll(() => stop(server))

  const post = (requestId: string) =>
    fetch(`http://127.0.0.1:${server.port}${CONTACT_FUNCTION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${server.port}` },
      body: JSON.stringify({ ...contactBody, requestId }),
    })

  it.runIf(existsSync('/dev/full'))(
    'answers 503 (never 200) while the disk is full, and stores the request sent again after',
    async () => {
      const journal = journalFileOf(dataDir)
      await rm(journal, { force: true })
      // Every write to /dev/full fails with ENOSPC: a full disk, from the operating system.
      await symlink('/dev/full', journal)
      const requestId = crypto.randomUUID()
      const refused = await post(requestId)
      expect(refused.status).toBe(503)
      expect(refused.headers.get('retry-after')).toBe('60')
      await rm(journal)
      const kept = await post(requestId)
      expect(kept.status).toBe(200)
      const rows = JSON.parse((await leads(dataDir, '--json')).stdout) as StoredContactRequest[]
      expect(rows.filter((stored) => stored.requestId === requestId)).toHaveLength(1)
    },
    timeLimit(60_000),
  )

  it(
    'answers a malformed id, a negative or non-numeric limit and an unknown status with a 400 and a message',
    async () => {
      const ask = (method: string, route: string) =>
        fetch(`${holder.adminUrl}${route}`, {
          method,
          headers: { [ADMIN_TOKEN_HEADER]: holder.adminToken! },
        })
      for (const [method, route, message] of [
        ['POST', '/release?id=not-a-uuid', /"not-a-uuid" is not a request id/],
        ['POST', "/release?id=1'%20or%201=1", /is not a request id/],
        ['GET', '/leads?limit=-5', /The limit "-5" is not a whole number/],
        ['GET', '/leads?limit=ten', /The limit "ten" is not a whole number/],
        ['GET', '/leads?status=lost', /The status "lost" is not one of/],
      ] as const) {
        const answer = await ask(method, route)
        expect(answer.status, route).toBe(400)
        expect(((await answer.json()) as { error: string }).error).toMatch(message)
      }
      for (const args of [
        ['--release', 'not-a-uuid'],
        ['--limit=-5'],
        ['--limit', '-5'],
        ['--limit', 'ten'],
      ]) {
        const outcome = await leads(dataDir, ...args)
        expect(outcome.code, args.join(' ')).toBe(2)
        expect(outcome.stderr.trim().split('\n')).toHaveLength(1)
      }
    },
    timeLimit(120_000),
  )
})
