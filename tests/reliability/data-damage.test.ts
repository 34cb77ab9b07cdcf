// A damaged data folder is refused, never emptied: each kind of damage stops the leads command
// (one sentence, exit 1) and the server (non-zero exit, the same sentence) without changing a
// file, and the backup taken before restores every row into a fresh folder. Before the fix a
// folder without PG_VERSION or with a table file cut short came up as an empty database that
// went on answering 200.
import { createHash } from 'node:crypto'
import { cp, open, symlink, readdir, readFile, rm, truncate } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StoredContactRequest } from '../../supabase/functions/send-contact-email/lead-store.ts'
import { openLocalDatabase } from '../../server/local-database.ts'
import { createSqlLeadStore } from '../../server/sql-lead-store.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import { leads, makeWorkFolder, newLead, startServe, stop, untilRunning } from './data-helpers.ts'
import { timeLimit } from '../harness/time-limit.ts'

const ROWS = 40
let work: Awaited<ReturnType<typeof makeWorkFolder>>
let source: string
let backupFile: string
let heapFile: string
let sourceIds: string[]

/**
 * The path and content hash of every file of the data (the tables and indexes, PG_VERSION):
 * a refusal leaves them as they were. (PostgreSQL's own bookkeeping, such as the control file
 * and the write-ahead log, changes whenever it opens a folder, so it is left out.)
 */
async function fingerprint(folder: string): Promise<Record<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  const result: Record<string, string> = {}
  for (const entry of entries) {
    const relative = path.relative(folder, path.join(entry.parentPath, entry.name))
    if (!/^(base\/|PG_VERSION$)/.test(relative) || entry.name === 'pg_internal.init') continue
    const file = path.join(folder, relative)
    result[relative] = entry.isDirectory()
      ? 'dir'
      : entry.isSymbolicLink()
        ? 'link'
        : createHash('sha256')
            .update(await readFile(file))
            .digest('hex')
  }
  return result
}

beforeAll(async () => {
  work = await makeWorkFolder('data-damage-')
  source = path.join(work.folder, 'source')
  const database = await openLocalDatabase(source, { logger: silentLogger })
  const store = createSqlLeadStore(database.db)
  for (let index = 0; index < ROWS; index++)
    await store.insertContactRequest(
      // Both kinds, so the backup is seen to keep the mark of a request without anti-bot fields.
      newLead(index, index % 2 === 0),
    )
  const { rows } = await database.db.query<{ file: string }>(
    `select pg_relation_filepath('contact_requests') as file`,
  )
  heapFile = rows[0]!.file
  sourceIds = (await store.exportContactRequests()).map((row) => row.id).sort()
  await database.close()
  backupFile = path.join(work.folder, 'leads-backup.json')
  const backedUp = await leads(source, '--backup', backupFile)
  expect(backedUp.stdout).toContain(`Backed up ${ROWS} request(s)`)
}, timeLimit(120_000))

afterAll(() => work.remove())

const damages: { name: string; what: RegExp; damage: (folder: string) => Promise<void> }[] = [
  {
    name: 'PG_VERSION deleted',
    what: /PG_VERSION is missing/,
    damage: (folder) => rm(path.join(folder, 'PG_VERSION')),
  },
  {
    name: 'the table file cut short mid-page',
    what: /is cut short: \d+ bytes is not a whole number of 8 KB pages/,
    damage: async (folder) => truncate(path.join(folder, heapFile), 8192 + 100),
  },
  {
    name: 'the table file emptied (whole pages gone)',
    what: /integrity check of index contact_requests_pkey of table contact_requests failed/,
    damage: async (folder) => truncate(path.join(folder, heapFile), 0),
  },
  {
    name: 'garbage over a page of the table',
    what: /integrity check of table contact_requests failed: .*invalid page/,
    damage: async (folder) => {
      const handle = await open(path.join(folder, heapFile), 'r+')
      await handle.write(Buffer.alloc(2000, 0x5a), 0, 2000, 100)
      await handle.close()
    },
  },
  {
    name: 'a table file that cannot be read',
    what: /cannot be read: ENOENT/,
    damage: async (folder) => {
      // Portable unreadability (root reads any mode): a name whose file is gone.
      await rm(path.join(folder, heapFile))
      await symlink(path.join(folder, 'gone'), path.join(folder, heapFile))
    },
  },
  {
    name: 'the control file overwritten',
    what: /PostgreSQL could not open it/,
    damage: async (folder) => {
      const handle = await open(path.join(folder, 'global/pg_control'), 'r+')
      await handle.write(Buffer.alloc(200, 0x5a), 0, 200, 0)
      await handle.close()
    },
  },
]

describe('a damaged data folder', () => {
  for (const { name, what, damage } of damages) {
    it(
      `${name}: refused in one sentence, its data files unchanged`,
      async () => {
        const folder = path.join(work.folder, name.replaceAll(/\W+/g, '-'))
        await cp(source, folder, { recursive: true })
        await damage(folder)
        const before = await fingerprint(folder)

        const listed = await leads(folder)
        expect(listed.code).toBe(1)
        const sentence = listed.stderr.trim()
        expect(sentence.split('\n')).toHaveLength(1)
        expect(sentence).toMatch(new RegExp(`^The leads database ${folder} is damaged \\(`))
        expect(sentence).toMatch(what)
        expect(sentence).toContain('npm run leads -- --restore FILE')
        expect(await fingerprint(folder)).toEqual(before)
      },
      timeLimit(120_000),
    )
  }

  // The backup was taken before any damage and is the same file for every kind, so restoring
  // it once shows what each refusal's sentence promises: no row is lost.
  it(
    'the backup taken before the damage restores every row into a fresh folder',
    async () => {
      const fresh = path.join(work.folder, 'restored')
      const restored = await leads(fresh, '--restore', backupFile)
      expect(restored.stdout).toContain(`Restored ${ROWS} of the backup's ${ROWS} request(s).`)
      const rows = JSON.parse(
        (await leads(fresh, '--json', '--limit', '1000')).stdout,
      ) as StoredContactRequest[]
      expect(rows.map((row) => row.id).sort()).toEqual(sourceIds)
      // The mark of a request without the anti-bot fields comes back with it.
      expect(rows.filter((row) => !row.antiBotFields)).toHaveLength(ROWS / 2)
    },
    timeLimit(120_000),
  )

  it(
    'stops the server (non-zero exit, the sentence, no token) for the two damages of the issue',
    async () => {
      for (const { name, damage, what } of damages.slice(0, 3)) {
        const folder = path.join(work.folder, `serve-${name.replaceAll(/\W+/g, '-')}`)
        await cp(source, folder, { recursive: true })
        await damage(folder)
        const server = startServe(work.folder, folder)
        const code = await server.exited
        expect(code).not.toBe(0)
        expect(server.output()).toContain(`The leads database ${folder} is damaged (`)
        expect(server.output()).toMatch(what)
        expect(server.output()).not.toContain('Site running at')
      }
    },
    timeLimit(180_000),
  )
})

describe('backup and restore', () => {
  it(
    'refuses to restore over a folder with rows unless told (--merge), and then adds only the missing',
    async () => {
      const folder = path.join(work.folder, 'merge')
      await cp(source, folder, { recursive: true })
      const refused = await leads(folder, '--restore', backupFile)
      expect(refused.code).toBe(2)
      expect(refused.stderr.trim()).toMatch(
        new RegExp(`^The leads database ${folder} already holds ${ROWS} request\\(s\\).*--merge`),
      )
      const merged = await leads(folder, '--restore', backupFile, '--merge')
      expect(merged.stdout).toContain(
        `Restored 0 of the backup's ${ROWS} request(s); the other ${ROWS} were stored already.`,
      )
    },
    timeLimit(120_000),
  )

  it(
    'backs up and restores through a running server, which holds the folder',
    async () => {
      const folder = path.join(work.folder, 'served')
      const server = startServe(work.folder, folder)
      try {
        await untilRunning(server)
        const restored = await leads(folder, '--restore', backupFile)
        expect(restored.stdout).toContain(`Restored ${ROWS} of the backup's ${ROWS} request(s).`)
        const again = path.join(work.folder, 'served-backup.json')
        expect((await leads(folder, '--backup', again)).stdout).toContain(
          `Backed up ${ROWS} request(s)`,
        )
        const copy = JSON.parse(await readFile(again, 'utf8')) as { rows: StoredContactRequest[] }
        const original = JSON.parse(await readFile(backupFile, 'utf8')) as {
          rows: StoredContactRequest[]
        }
        expect(copy.rows).toEqual(original.rows)
        const existing = await leads(folder, '--backup', again)
        expect(existing.code).toBe(2)
        expect(existing.stderr).toContain('exists already')
      } finally {
        await stop(server)
      }
    },
    timeLimit(120_000),
  )

  it(
    'refuses a backup file cut short, before opening anything',
    async () => {
      const text = await readFile(backupFile, 'utf8')
      const cut = path.join(work.folder, 'cut.json')
      const handle = await open(cut, 'w')
      await handle.write(text.slice(0, text.length / 2))
      await handle.close()
      const refused = await leads(path.join(work.folder, 'never'), '--restore', cut)
      expect(refused.code).toBe(2)
      expect(refused.stderr.trim()).toBe(
        `The backup ${cut} is not whole JSON: it may be cut short.`,
      )
    },
    timeLimit(60_000),
  )
})
