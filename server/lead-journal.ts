// PGlite cannot make a commit durable: it runs Postgres with fsync off (`-F`), and its NodeFS
// (Emscripten's NODEFS) has no fsync operation at all, so a committed row sits in the operating
// system's cache until it happens to be written. This journal is what makes an answered lead
// survive a power cut: every stored lead is appended as one JSON line and flushed to the disk
// (fdatasync) before the store call returns, so before any 2xx. On start the rows the database
// lacks are replayed from it (idempotent: by row id and request id), then it is cleared once the
// database's own files are flushed.
import { open, readFile, truncate } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import type { StoredContactRequest } from '../supabase/functions/send-contact-email/lead-store.ts'
import { DataFolderError } from './data-folder-error.ts'

export type JournalRecord = { insert: StoredContactRequest } | { purged: string[] }

export interface JournalContents {
  records: JournalRecord[]
  /** The bytes of a last record cut short (a crash mid-append), skipped; null when none. */
  tornTail: string | null
}

export interface LeadJournal {
  readonly file: string
  /**
   * Appends the records and resolves once they are on the disk. Appends made while a flush is
   * under way go out together in the next one (group commit): one flush for many leads.
   */
  append(records: JournalRecord[]): Promise<void>
  /**
   * Resolves once this stored row is on the disk: waits for its append when one is under way,
   * and appends it again when an earlier append of it failed. A row never appended here was
   * stored before this start (and flushed then): it resolves at once.
   */
  ensureDurable(row: StoredContactRequest): Promise<void>
  read(): Promise<JournalContents>
  /** Empties the journal: call only once the database holds every record durably. */
  clear(): Promise<void>
}

export interface JournalOptions {
  /** Flushes a written journal file to the disk; tests wrap it to see when that happens. */
  flush?: (handle: FileHandle, records: JournalRecord[]) => Promise<void>
}

export const journalFileOf = (dataDir: string) => `${path.resolve(dataDir)}.journal.jsonl`

async function flushDirectory(directory: string) {
  const handle = await open(directory, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

interface Waiting {
  records: JournalRecord[]
  resolve(): void
  reject(error: unknown): void
}

export function openLeadJournal(file: string, options: JournalOptions = {}): LeadJournal {
  const flush = options.flush ?? ((handle) => handle.datasync())
  let waiting: Waiting[] = []
  let draining = false
  // Rows whose append is under way, and rows whose append failed (appended again when asked).
  const underWay = new Map<string, Promise<void>>()
  const failed = new Set<string>()

  async function writeBatch(records: JournalRecord[]) {
    const lines = records.map((record) => `${JSON.stringify(record)}\n`).join('')
    const handle = await open(file, 'a', 0o600)
    try {
      const created = (await handle.stat()).size === 0
      await handle.write(lines)
      await flush(handle, records)
      // A new file's name is only durable once its directory is flushed too.
      if (created) await flushDirectory(path.dirname(file))
    } finally {
      await handle.close()
    }
  }

  async function drain() {
    draining = true
    while (waiting.length > 0) {
      const batch = waiting
      waiting = []
      try {
        await writeBatch(batch.flatMap((entry) => entry.records))
        for (const entry of batch) entry.resolve()
      } catch (error) {
        for (const entry of batch) entry.reject(error)
      }
    }
    draining = false
  }

  function append(records: JournalRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve()
    const done = new Promise<void>((resolve, reject) => {
      waiting.push({ records, resolve, reject })
    })
    if (!draining) void drain()
    for (const record of records) {
      if (!('insert' in record)) continue
      const { id } = record.insert
      failed.delete(id)
      underWay.set(id, done)
      done.then(
        () => underWay.delete(id),
        () => {
          underWay.delete(id)
          failed.add(id)
        },
      )
    }
    return done
  }

  return {
    file,
    append,
    async ensureDurable(row) {
      const pending = underWay.get(row.id)
      if (pending) return pending
      if (failed.has(row.id)) return append([{ insert: row }])
    },
    async read() {
      let text: string
      try {
        text = await readFile(file, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          return { records: [], tornTail: null }
        throw error
      }
      const lines = text.split('\n')
      // Every whole record ends with a newline, so the last piece is '' or a record cut short.
      const last = lines.pop() ?? ''
      const records: JournalRecord[] = []
      let tornTail: string | null = last === '' ? null : last
      lines.forEach((line, index) => {
        if (line === '') return
        try {
          records.push(JSON.parse(line) as JournalRecord)
        } catch {
          // A crash can only cut the last append short; a bad line before it is damage.
          if (index === lines.length - 1 && tornTail === null) {
            tornTail = line
            return
          }
          throw new DataFolderError(
            `The leads journal ${file} is damaged at line ${index + 1} (not a whole JSON record): move it aside (one JSON lead a line, readable by hand) and start again.`,
          )
        }
      })
      return { records, tornTail }
    },
    async clear() {
      try {
        await truncate(file, 0)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
        throw error
      }
      const handle = await open(file, 'r')
      try {
        await handle.sync()
      } finally {
        await handle.close()
      }
    },
  }
}

// The journal of a database opened on disk, found from its connection, so that every store made
// on that connection journals its writes without each caller passing the journal along.
const journals = new WeakMap<object, LeadJournal>()
export const attachJournal = (db: object, journal: LeadJournal) => journals.set(db, journal)
export const journalOf = (db: object): LeadJournal | undefined => journals.get(db)
