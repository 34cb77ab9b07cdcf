// What the running e2e server stored, read the way an operator's `npm run leads` reads it: the
// same access (operations/leads/local-store.ts), which finds the server holding the data in its lock file
// and asks its loopback admin endpoint. In the test's own process: a `npm run leads` process
// per poll (tsx, then the database's modules) cost over a second of CPU each, and the command's
// own output is tested in tests/unit/server/functions.test.ts.
import { openLeadsAccess } from '../../operations/leads/local-store.ts'
import type { StoredContactRequest } from '../../supabase/functions/send-contact-email/lead-store.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'

export async function storedLeads(): Promise<StoredContactRequest[]> {
  // playwright.config.ts picks the server's database directory and hands it to every worker.
  const dataDir = process.env.E2E_DATA_DIR ?? ''
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is unset: run this suite through playwright.config.ts')
  const access = await openLeadsAccess({ dataDir, logger: silentLogger })
  try {
    // The server holds the folder while the suite runs; opening it here instead would be a
    // second database on the same files.
    if (access.via !== 'server')
      throw new Error(`No running server holds ${dataDir}: the e2e server should, while it runs`)
    return await access.list({ limit: 500 })
  } finally {
    await access.close()
  }
}

/** For expect.poll over storedLeads(): the row is there before the page says "sent". */
export const LEADS_POLL = { timeout: 30_000 }

/** Unique per call, so rows from earlier runs in the same data directory never match. */
export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
