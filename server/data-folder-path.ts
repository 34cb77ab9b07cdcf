// Which folder holds the leads database: named apart from the database's code, so a process can
// take the folder's lock (./data-folder-lock.ts) before it loads PGlite and the function
// (./serve.ts).
import path from 'node:path'

export const DEFAULT_DATA_DIR = '.data/pglite'
export const IN_MEMORY = 'memory://'

export function resolveDataDir(dataDir?: string): string {
  const chosen = dataDir ?? process.env.LEADS_DATA_DIR ?? DEFAULT_DATA_DIR
  return chosen === IN_MEMORY ? chosen : path.resolve(chosen)
}
