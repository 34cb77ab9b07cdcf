// The embedded Postgres (PGlite) behind the local function: opened once per process and data
// directory, migrated on open, and locked against other processes.
import { PGlite } from '@electric-sql/pglite'
import path from 'node:path'
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts'
import { applyMigrations } from './migrations.ts'

export const DEFAULT_DATA_DIR = '.data/pglite'
export const IN_MEMORY = 'memory://'

export function resolveDataDir(dataDir?: string): string {
  const chosen = dataDir ?? process.env.LEADS_DATA_DIR ?? DEFAULT_DATA_DIR
  return chosen === IN_MEMORY ? chosen : path.resolve(chosen)
}

export interface LocalDatabase {
  db: PGlite
  dataDir: string
  /** Present for a directory on disk. */
  lock: DataDirLock | null
  close(): Promise<void>
}

interface OpenEntry {
  database: Promise<Omit<LocalDatabase, 'close'>>
  users: number
}

// Vite re-creates its server (and so the middleware) on config changes before closing the old
// one; sharing the open database per directory keeps that from tripping over our own lock.
const openDatabases = new Map<string, OpenEntry>()
let inMemoryCount = 0

async function open(dataDir: string): Promise<Omit<LocalDatabase, 'close'>> {
  const lock = dataDir === IN_MEMORY ? null : await acquireDataDirLock(dataDir)
  try {
    const db = await PGlite.create(dataDir === IN_MEMORY ? undefined : dataDir)
    await applyMigrations(db)
    return { db, dataDir, lock }
  } catch (error) {
    lock?.release()
    throw error
  }
}

export async function openLocalDatabase(dataDir?: string): Promise<LocalDatabase> {
  const resolved = resolveDataDir(dataDir)
  // Each in-memory database is its own; only directories are shared.
  const key = resolved === IN_MEMORY ? `${IN_MEMORY}${++inMemoryCount}` : resolved
  let entry = openDatabases.get(key)
  if (!entry) {
    entry = { database: open(resolved), users: 0 }
    openDatabases.set(key, entry)
    entry.database.catch(() => openDatabases.delete(key))
  }
  entry.users++
  const opened = await entry.database
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
