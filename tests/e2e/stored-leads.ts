// What the running e2e server stored, read the way an operator reads it: `npm run leads --json`.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import type { StoredContactRequest } from '../../supabase/functions/send-contact-email/lead-store.ts'

const root = path.resolve(import.meta.dirname, '../..')

export async function storedLeads(...args: string[]): Promise<StoredContactRequest[]> {
  // playwright.config.ts picks the server's database directory and hands it to every worker.
  const dataDir = process.env.E2E_DATA_DIR ?? ''
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is unset: run this suite through playwright.config.ts')
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/leads.ts', '--json', '--limit', '500', ...args],
    { cwd: root, env: { ...process.env, LEADS_DATA_DIR: dataDir } },
  )
  return JSON.parse(stdout) as StoredContactRequest[]
}

/**
 * For expect.poll over storedLeads(): each call is a `npm run leads` process (the database's
 * WebAssembly started afresh), which took over 5 s, Playwright's default for the whole poll, on
 * a loaded machine (CI, 2026-11-25); the row itself is there before the page says "sent".
 */
export const LEADS_POLL = { timeout: 30_000 }

/** Unique per call, so rows from earlier runs in the same data directory never match. */
export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
