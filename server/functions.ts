// Mounts the send-contact-email function on the site's own origin for `npm start` and
// `npm run dev`, backed by the embedded database, so the forms work on a fresh clone.
import { getRequestListener } from '@hono/node-server'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { CONTACT_FUNCTION_PATH } from '../supabase/functions/_shared/contact-request.ts'
import {
  handlerConfigFromEnv,
  LOCAL_DEFAULTS,
  type HandlerConfig,
} from '../supabase/functions/send-contact-email/config.ts'
import { createHandler } from '../supabase/functions/send-contact-email/handler.ts'
import {
  consoleLogger,
  describeError,
  type Logger,
} from '../supabase/functions/send-contact-email/logger.ts'
import { mailTransportFromEnv } from '../supabase/functions/send-contact-email/mail-from-env.ts'
import type { MailTransport } from '../supabase/functions/send-contact-email/mail-transport.ts'
import { startLeadsAdminServer, type LeadsAdminServer } from './leads-admin-server.ts'
import { openLocalDatabase } from './local-database.ts'
import { createSqlLeadStore } from './sql-lead-store.ts'

export interface FunctionsMiddlewareOptions {
  /** PGlite directory; default LEADS_DATA_DIR or .data/pglite; 'memory://' for a throwaway one. */
  dataDir?: string
  /** Environment to read settings from; default process.env. */
  env?: Record<string, string | undefined>
  /** Overrides settings read from the environment (tests, load test). */
  config?: Partial<HandlerConfig>
  /** Default: Resend when RESEND_API_KEY is set, otherwise the log. */
  mail?: MailTransport
  logger?: Logger
  /** The function's clock (tests move it to the next hour of the mail budget); default now. */
  clock?: () => Date
  /** Start the 127.0.0.1 endpoint the leads command uses while this process holds the data. */
  adminEndpoint?: boolean
}

export type ConnectMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void

export interface FunctionsMiddleware {
  middleware: ConnectMiddleware
  close(): Promise<void>
}

/** The origins a site served locally on `port` posts from. */
export function localOrigins(port: number | string): string {
  return `http://localhost:${port},http://127.0.0.1:${port}`
}

function isFunctionPath(url: string | undefined): boolean {
  const pathname = (url ?? '').split('?')[0]
  return pathname === CONTACT_FUNCTION_PATH || pathname === `${CONTACT_FUNCTION_PATH}/`
}

export async function createFunctionsMiddleware(
  options: FunctionsMiddlewareOptions = {},
): Promise<FunctionsMiddleware> {
  const env = options.env ?? process.env
  const logger = options.logger ?? consoleLogger
  const config = {
    ...handlerConfigFromEnv((name) => env[name], LOCAL_DEFAULTS),
    ...options.config,
  }
  const mail = options.mail ?? mailTransportFromEnv((name) => env[name], logger)
  const local = await openLocalDatabase(options.dataDir ?? env.LEADS_DATA_DIR)
  const store = createSqlLeadStore(local.db)
  const handle = createHandler({ store, mail, config, logger, clock: options.clock })

  let admin: LeadsAdminServer | null = null
  if ((options.adminEndpoint ?? true) && local.lock) {
    admin = await startLeadsAdminServer({ store, mail, logger })
    local.lock.update({ adminUrl: admin.url, adminToken: admin.token })
  }

  logger.info('functions.ready', {
    path: CONTACT_FUNCTION_PATH,
    database: local.dataDir,
    mail: mail.name,
    minSubmitMs: config.minSubmitMs,
    hint: 'npm run leads lists what arrived',
  })

  // Node's request to a web Request and the Response back, by @hono/node-server: it builds the
  // Request lazily (so TRACE, CONNECT or TRACK, which `new Request` refuses, reach the
  // handler's 405 instead of throwing), refuses a bad Host or target with 400, and reads an
  // unread body for a bounded time only.
  const listener = getRequestListener(
    async (request, { incoming, outgoing }) => {
      const response = await handle(request, { clientAddress: incoming.socket.remoteAddress })
      // Answered before the whole body arrived (413, 415, 400): close the connection after the
      // answer rather than read the rest, which may never end.
      if (!incoming.complete) outgoing.setHeader('Connection', 'close')
      return response
    },
    {
      // The lazy Request stays inside the adapter; the globals remain Node's own.
      overrideGlobalObjects: false,
      hostname: 'localhost',
      errorHandler(error) {
        const badRequest = error instanceof Error && error.name === 'RequestError'
        if (!badRequest)
          logger.error('functions_middleware.failed', { error: describeError(error) })
        return Response.json(
          { error: badRequest ? 'Bad request' : 'Internal error' },
          { status: badRequest ? 400 : 500, headers: { Connection: 'close' } },
        )
      },
    },
  )

  const middleware: ConnectMiddleware = (req, res, next) => {
    // Connect strips a mount prefix from req.url; originalUrl keeps the full path.
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url
    if (!isFunctionPath(url)) {
      next()
      return
    }
    req.url = url
    listener(req, res).catch((error: unknown) => {
      logger.error('functions_middleware.failed', { error: describeError(error) })
      if (res.headersSent) res.destroy()
      else res.writeHead(500, { Connection: 'close' }).end()
    })
  }

  let closing: Promise<void> | null = null
  return {
    middleware,
    close() {
      closing ??= (async () => {
        await admin?.close()
        await local.close()
      })()
      return closing
    },
  }
}
