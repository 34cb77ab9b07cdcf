// While the site server holds the embedded database, the leads command cannot open it. This tiny
// server on 127.0.0.1 (random port, random token written to the 0600 lock file) answers for it.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { timingSafeEqual, randomBytes } from 'node:crypto'
import { SPAM_RETENTION_DAYS } from '../supabase/functions/send-contact-email/lead-store.ts'
import {
  releaseSpam,
  retryContactRequests,
} from '../supabase/functions/send-contact-email/deliver.ts'
import { listenOnLoopback } from './listen-on-loopback.ts'
import type { Logger } from '../supabase/functions/send-contact-email/logger.ts'
import type { MailTransport } from '../supabase/functions/send-contact-email/mail-transport.ts'
import { makeBackup, refuseToMerge, type RestoreReport } from './leads-backup.ts'
import { LeadsInputError, parseLeadId, parseListLimit, parseStatus } from './leads-input.ts'
import type { SqlLeadStore } from './sql-lead-store.ts'
import type { StoredContactRequest } from '../supabase/functions/send-contact-email/lead-store.ts'

export const ADMIN_TOKEN_HEADER = 'x-leads-token'
/** A restore's body: a backup's rows (about 1 KB each). */
const MAX_RESTORE_BYTES = 512 * 1024 * 1024

export interface LeadsAdminServer {
  url: string
  token: string
  close(): Promise<void>
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let total = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.byteLength
    if (total > MAX_RESTORE_BYTES) throw new LeadsInputError('The restore body is too large.')
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new LeadsInputError('The restore body is not JSON.')
  }
}

export async function startLeadsAdminServer(deps: {
  store: SqlLeadStore
  mail: MailTransport
  logger: Logger
  /** Named in a refused restore's message. */
  dataDir?: string
}): Promise<LeadsAdminServer> {
  const token = randomBytes(24).toString('hex')
  const expected = Buffer.from(token)

  async function restore(req: IncomingMessage, merge: boolean): Promise<RestoreReport> {
    // The leads command read and checked the backup file; the rows arrive as that file's.
    const { rows } = (await readJson(req)) as { rows: StoredContactRequest[] }
    if (!Array.isArray(rows)) throw new LeadsInputError('The restore body has no rows.')
    const stored = await deps.store.countContactRequests()
    if (stored > 0 && !merge)
      throw refuseToMerge(deps.dataDir ?? 'of this server', stored, rows.length)
    const restored = await deps.store.restoreContactRequests(rows)
    return { inBackup: rows.length, restored }
  }

  function route(req: IncomingMessage, url: URL): Promise<unknown> | null {
    const { method } = req
    const query = url.searchParams
    if (method === 'GET' && url.pathname === '/leads') {
      // Checked before the promise, so a bad value is a 400 like the others.
      const filter = {
        status: parseStatus(query.get('status')),
        limit: parseListLimit(query.get('limit')),
      }
      return deps.store.listContactRequests(filter)
    }
    if (method === 'POST' && url.pathname === '/retry') return retryContactRequests(deps)
    if (method === 'POST' && url.pathname === '/release')
      return releaseSpam(parseLeadId(query.get('id')), deps)
    if (method === 'POST' && url.pathname === '/purge')
      return deps.store
        .purgeSpam(SPAM_RETENTION_DAYS)
        .then((purged) => ({ purged, olderThanDays: SPAM_RETENTION_DAYS }))
    if (method === 'GET' && url.pathname === '/backup')
      return deps.store.exportContactRequests().then(makeBackup)
    if (method === 'POST' && url.pathname === '/restore')
      return restore(req, query.get('merge') === '1')
    return null
  }

  const server: Server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const given = Buffer.from(String(req.headers[ADMIN_TOKEN_HEADER] ?? ''))
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      reply(401, { error: 'Unauthorized' })
      return
    }
    const failed = (error: unknown) => {
      if (error instanceof LeadsInputError) {
        reply(400, { error: error.message })
        return
      }
      deps.logger.error('leads_admin.failed', { error: String(error) })
      reply(500, { error: 'Internal error' })
    }
    let work: Promise<unknown> | null
    try {
      work = route(req, new URL(req.url ?? '/', 'http://127.0.0.1'))
    } catch (error) {
      failed(error)
      return
    }
    if (!work) {
      reply(404, { error: 'Not found' })
      return
    }
    work.then((result) => reply(200, result), failed)
  })
  const { origin, close } = await listenOnLoopback(server)
  return { url: origin, token, close }
}
