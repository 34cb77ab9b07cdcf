// Applies supabase/migrations/*.sql in file-name order, each once, the way `supabase db push`
// does on the hosted database, so the local store has exactly the production schema.
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../supabase/migrations/', import.meta.url))

interface SqlExecutor {
  exec(sql: string): Promise<unknown>
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

export interface MigratableDatabase extends SqlExecutor {
  transaction<T>(callback: (tx: SqlExecutor) => Promise<T>): Promise<T>
}

export async function applyMigrations(
  db: MigratableDatabase,
  directory = MIGRATIONS_DIR,
): Promise<string[]> {
  await db.exec(`create table if not exists public.local_schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`)
  const { rows } = await db.query<{ name: string }>(
    'select name from public.local_schema_migrations',
  )
  const applied = new Set(rows.map((row) => row.name))
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort()
  const newlyApplied: string[] = []
  for (const file of files) {
    if (applied.has(file)) continue
    const sql = await readFile(path.join(directory, file), 'utf8')
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('insert into public.local_schema_migrations (name) values ($1)', [file])
    })
    newlyApplied.push(file)
  }
  return newlyApplied
}
