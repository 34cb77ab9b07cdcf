// While the site server holds the embedded database, the leads command cannot open it. This tiny
// server on 127.0.0.1 (random port, random token written to the 0600 lock file) answers for it.
import { createServer, type Server } from 'node:http'
import { timingSafeEqual, randomBytes } from 'node:crypto'
import {
  isDeliveryStatus,
  SPAM_RETENTION_DAYS,
  type LeadStore,
} from '../supabase/functions/send-contact-email/lead-store.ts'
import {
  releaseSpam,
  retryContactRequests,
} from '../supabase/functions/send-contact-email/deliver.ts'
import { listenOnLoopback } from './listen-on-loopback.ts'
import type { Logger } from '../supabase/functions/send-contact-email/logger.ts'
import type { MailTransport } from '../supabase/functions/send-contact-email/mail-transport.ts'

export const ADMIN_TOKEN_HEADER = 'x-leads-token'

export interface LeadsAdminServer {
  url: string
  token: string
  close(): Promise<void>
}

export async function startLeadsAdminServer(deps: {
  store: LeadStore
  mail: MailTransport
  logger: Logger
}): Promise<LeadsAdminServer> {
  const token = randomBytes(24).toString('hex')
  const expected = Buffer.from(token)

  function route(method: string | undefined, url: URL): Promise<unknown> | null {
    const status = url.searchParams.get('status') ?? ''
    if (method === 'GET' && url.pathname === '/leads')
      return deps.store.listContactRequests({
        status: isDeliveryStatus(status) ? status : undefined,
        limit: Number(url.searchParams.get('limit')) || undefined,
      })
    if (method === 'POST' && url.pathname === '/retry') return retryContactRequests(deps)
    if (method === 'POST' && url.pathname === '/release')
      return releaseSpam(url.searchParams.get('id') ?? '', deps)
    if (method === 'POST' && url.pathname === '/purge')
      return deps.store
        .purgeSpam(SPAM_RETENTION_DAYS)
        .then((purged) => ({ purged, olderThanDays: SPAM_RETENTION_DAYS }))
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
    const work = route(req.method, new URL(req.url ?? '/', 'http://127.0.0.1'))
    if (!work) {
      reply(404, { error: 'Not found' })
      return
    }
    work.then(
      (result) => reply(200, result),
      (error: unknown) => {
        deps.logger.error('leads_admin.failed', { error: String(error) })
        reply(500, { error: 'Internal error' })
      },
    )
  })
  const { origin, close } = await listenOnLoopback(server)
  return { url: origin, token, close }
}
