// The embedded Postgres (PGlite) behind the local function: opened once per process and data
// directory, locked against other processes, checked before it is opened (a damaged folder is
// refused, never initialised over), migrated, and given its journal (see lead-journal.ts).
import { PGlite } from '@electric-sql/pglite'
import { rm } from 'node:fs/promises'
import { setFlagsFromString } from 'node:v8'
import { consoleLogger, type Logger } from '../supabase/functions/send-contact-email/logger.ts'
import { IN_MEMORY, resolveDataDir } from './data-folder-path.ts'
import { acquireDataDirLock, type DataDirLock } from './data-folder-lock.ts'
import { asDataFolderError, DataFolderError } from './data-folder-error.ts'
import {
  damagedFolderError,
  flushFolder,
  inspectDataFolder,
  verifyDatabase,
} from './data-folder-check.ts'
import {
  attachJournal,
  journalFileOf,
  openLeadJournal,
  type JournalOptions,
  type JournalRecord,
  type LeadJournal,
} from './lead-journal.ts'
import { applyMigrations } from './migrations.ts'
import { insertStoredRows } from './sql-lead-store.ts'

// PGlite's Postgres is 9 MB of WebAssembly, which V8 compiles twice: at once with its baseline
// compiler (Liftoff), then again, optimised (TurboFan), as it runs. A local server's or a
// command's queries are few, and the second pass cost more CPU than it saved. Measured here, a
// process opening a folder took 3.7-4.6 CPU s with it and 2.5-3.0 without; creating one, 8.6-9.4
// against 5.7-6.4. The query-heavy unit tests were no slower, and `npm run load` answered 210
// requests a second against 199. Set before the first database compiles it, so every process
// that opens one (`npm start`, the dev server, `npm run leads`, the tests) does it the same way.
setFlagsFromString('--liftoff-only')

export interface LocalDatabase {
  db: PGlite
  dataDir: string
  /** Present for a directory on disk. */
  lock: DataDirLock | null
  /** Present for a directory on disk: where each stored lead is flushed before it is answered. */
  journal: LeadJournal | null
  close(): Promise<void>
}

export interface OpenOptions {
  logger?: Logger
  journal?: JournalOptions
  /**
   * The folder's lock, when the caller took it already (./serve.ts takes it before it loads this
   * module): the database holds it from then on, and releases it when closed or when it cannot
   * be opened. Only for a folder this process has not opened yet.
   */
  lock?: DataDirLock
}

interface OpenEntry {
  database: Promise<Omit<LocalDatabase, 'close'>>
  users: number
}

// Vite re-creates its server (and so the middleware) on config changes before closing the old
// one; sharing the open database per directory keeps that from tripping over our own lock.
const openDatabases = new Map<string, OpenEntry>()
let inMemoryCount = 0

/** Inserts the journal's rows the database lacks; a purge recorded later keeps its rows out. */
async function replayJournal(db: PGlite, journal: LeadJournal, logger: Logger): Promise<boolean> {
  const { records, tornTail } = await journal.read()
  if (tornTail !== null)
    logger.error('leads_journal.torn_tail_skipped', {
      journal: journal.file,
      bytes: Buffer.byteLength(tornTail),
      hint: 'the last record was cut short by a crash during its write, before it was answered',
    })
  const purged = new Set(records.flatMap((record) => ('purged' in record ? record.purged : [])))
  const rows = records.flatMap((record: JournalRecord) =>
    'insert' in record && !purged.has(record.insert.id) ? [record.insert] : [],
  )
  const inserted = await db.transaction((tx) => insertStoredRows(tx, rows))
  if (inserted.length > 0)
    logger.info('leads_journal.replayed', { journal: journal.file, rows: inserted.length })
  return records.length > 0 || tornTail !== null
}

async function openOnDisk(dataDir: string, options: OpenOptions) {
  const logger = options.logger ?? consoleLogger
  const lock = options.lock ?? (await acquireDataDirLock(dataDir))
  try {
    const state = await inspectDataFolder(dataDir)
    let db: PGlite
    try {
      db = await PGlite.create(dataDir)
    } catch (error) {
      if (state === 'database')
        throw damagedFolderError(dataDir, `PostgreSQL could not open it: ${String(error)}`, error)
      // The folder was absent or empty, so all in it is this failed initialisation's: removed,
      // so that the next start (once the disk has room) does not take it for a damaged one.
      await rm(dataDir, { recursive: true, force: true }).catch(() => {})
      throw asDataFolderError(dataDir, error)
    }
    try {
      if (state === 'database') await verifyDatabase(db, dataDir)
      await applyMigrations(db)
      const journal = openLeadJournal(journalFileOf(dataDir), options.journal)
      if (await replayJournal(db, journal, logger)) {
        // The replayed rows are in the database's files once those are flushed: only then may
        // the journal start over.
        await db.exec('checkpoint')
        await flushFolder(dataDir)
        await journal.clear()
      }
      attachJournal(db, journal)
      return { db, dataDir, lock, journal }
    } catch (error) {
      await db.close().catch(() => {})
      throw error
    }
  } catch (error) {
    lock.release()
    const known = asDataFolderError(dataDir, error)
    if (known instanceof DataFolderError) throw known
    throw new DataFolderError(
      `The leads database ${dataDir} could not be opened (${String(error)}): check that the folder and its disk are writable and not full, or move the folder aside and restore the latest backup with \`npm run leads -- --restore FILE\`.`,
      { cause: error },
    )
  }
}

async function open(dataDir: string, options: OpenOptions): Promise<Omit<LocalDatabase, 'close'>> {
  if (dataDir !== IN_MEMORY) return openOnDisk(dataDir, options)
  const db = await PGlite.create()
  await applyMigrations(db)
  return { db, dataDir, lock: null, journal: null }
}

export async function openLocalDatabase(
  dataDir?: string,
  options: OpenOptions = {},
): Promise<LocalDatabase> {
  const resolved = resolveDataDir(dataDir)
  // Each in-memory database is its own; only directories are shared.
  const key = resolved === IN_MEMORY ? `${IN_MEMORY}${++inMemoryCount}` : resolved
  let entry = openDatabases.get(key)
  if (!entry) {
    entry = { database: open(resolved, options), users: 0 }
    openDatabases.set(key, entry)
    entry.database.catch(() => openDatabases.delete(key))
  }
  entry.users++
  let opened: Omit<LocalDatabase, 'close'>
  try {
    opened = await entry.database
  } catch (error) {
    entry.users--
    throw error
  }
  const sharedEntry = entry
  let closed = false
  return {
    ...opened,
    async close() {
      if (closed) return
      closed = true
      sharedEntry.users--
      if (sharedEntry.users > 0) return
      openDatabases.delete(key)
      await opened.db.close()
      opened.lock?.release()
    },
  }
}
