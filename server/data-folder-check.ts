// What is in a leads database folder before PGlite may touch it. PGlite runs initdb in any folder
// without PG_VERSION (and ignores initdb's "exists but is not empty"), and Postgres reads a
// truncated table file as a shorter table: either way a damaged folder would come up as an
// empty or partial database, answering 200 to new leads while the old ones are gone. Like
// PostgreSQL itself, the server refuses such a folder instead, and says how to restore.
import { closeSync, openSync, readSync } from 'node:fs'
import { open, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { DataFolderError } from './data-folder-error.ts'
import { journalFileOf } from './lead-journal.ts'

/** Postgres's page size: every relation file is made of whole pages. */
const PAGE_BYTES = 8192
// A relation's files: base/<db>/<relfilenode>[_fsm|_vm|_init][.<segment>], likewise in global/.
const RELATION_FILE = /^\d+(_(fsm|vm|init))?(\.\d+)?$/

/** The sentence for a damaged folder: what is wrong, that nothing was changed, how to restore. */
export function damagedFolderError(dataDir: string, what: string, cause?: unknown) {
  return new DataFolderError(
    `The leads database ${dataDir} is damaged (${what}), so it was not opened for use: move the folder aside (mv ${dataDir} ${dataDir}.damaged), then restore the latest backup into a fresh folder with \`npm run leads -- --restore FILE\` (leads answered since the last start are replayed from ${journalFileOf(dataDir)}).`,
    { cause },
  )
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * 'fresh' for a folder that does not exist or is empty (PGlite creates the database there);
 * 'database' for a folder holding a whole set of readable database files. Throws a
 * DataFolderError for anything else, before PGlite could initialise over it.
 */
export async function inspectDataFolder(dataDir: string): Promise<'fresh' | 'database'> {
  let info
  try {
    info = await stat(dataDir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'fresh'
    throw error
  }
  if (!info.isDirectory()) throw damagedFolderError(dataDir, 'it is a file, not a folder')
  let files: string[]
  try {
    files = await listFiles(dataDir)
  } catch (error) {
    const { code, path: where } = error as NodeJS.ErrnoException
    throw damagedFolderError(dataDir, `${where ?? 'a folder in it'} cannot be listed: ${code}`)
  }
  const entries = await readdir(dataDir)
  if (entries.length === 0) return 'fresh'
  if (!entries.includes('PG_VERSION'))
    throw damagedFolderError(dataDir, 'PG_VERSION is missing, so it is not a whole database')
  const buffer = Buffer.alloc(1)
  for (const file of files) {
    const relative = path.relative(dataDir, file)
    let size: number
    try {
      const fd = openSync(file, 'r')
      try {
        size = (await stat(file)).size
        if (size > 0) readSync(fd, buffer, 0, 1, 0)
      } finally {
        closeSync(fd)
      }
    } catch (error) {
      throw damagedFolderError(
        dataDir,
        `${relative} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      )
    }
    const inRelationFolder = /^(base[\\/]\d+|global)[\\/]/.test(relative)
    if (inRelationFolder && RELATION_FILE.test(path.basename(file)) && size % PAGE_BYTES !== 0)
      throw damagedFolderError(
        dataDir,
        `${relative} is cut short: ${size} bytes is not a whole number of 8 KB pages`,
      )
  }
  return 'database'
}

interface Queries {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}
interface QueryClient extends Queries {
  transaction<T>(callback: (tx: Queries) => Promise<T>): Promise<T>
}

/**
 * Reads every table of the public schema in full (Postgres checks each page's checksum as it
 * reads it), then again through each of its whole-table b-tree indexes: a table file cut short
 * reads as a shorter table, but its index still points at the missing rows and fails.
 */
export async function verifyDatabase(db: QueryClient, dataDir: string): Promise<void> {
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`
  let current = 'the catalog'
  try {
    const { rows: tables } = await db.query<{ name: string }>(
      `select relname as name from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r' order by relname`,
    )
    for (const { name } of tables) {
      current = `table ${name}`
      const table = `public.${quote(name)}`
      const { rows } = await db.query<{ count: number }>(
        `select count(*)::int as count from (select t.* from ${table} t) whole`,
      )
      const count = rows[0]!.count
      const { rows: indexes } = await db.query<{ index: string; columns: string[] }>(
        `select i.relname as index,
                array(select quote_ident(a.attname) from unnest(x.indkey) with ordinality k(attnum, n)
                      join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum
                      order by k.n) as columns
         from pg_index x join pg_class i on i.oid = x.indexrelid join pg_am am on am.oid = i.relam
         where x.indrelid = $1::regclass and x.indpred is null and am.amname = 'btree'
           and 0 <> all (x.indkey::int2[])`,
        [table],
      )
      for (const { index, columns } of indexes) {
        current = `index ${index} of table ${name}`
        const viaIndex = await db.transaction(async (tx) => {
          for (const setting of ['seqscan', 'bitmapscan', 'indexonlyscan', 'sort'])
            await tx.query(`set local enable_${setting} = off`)
          const { rows } = await tx.query<{ count: number }>(
            `select count(*)::int as count from
               (select t.* from ${table} t order by ${columns.join(', ')}) whole`,
          )
          return rows[0]!.count
        })
        if (viaIndex !== count)
          throw new Error(`${count} rows read in full but ${viaIndex} through ${index}`)
      }
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw damagedFolderError(dataDir, `integrity check of ${current} failed: ${message}`, error)
  }
}

/** Flushes every file and folder under `directory` to the disk (PGlite never does). */
export async function flushFolder(directory: string): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  const paths = [
    ...entries.map((entry) => path.join(entry.parentPath, entry.name)),
    directory,
    path.dirname(directory),
  ]
  for (const target of paths) {
    const handle = await open(target, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  }
}
