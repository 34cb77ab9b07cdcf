// Mounts the site's two functions on its own origin for `npm start` and `npm run dev`, as Supabase
// serves them: send-contact-email, backed by the embedded database, so the forms work on a fresh
// clone; github-oauth, the editor's sign-in exchange, working once its CMS_* settings are set
// (a server without them answers its path with the sentence saying what to set), recording its
// traded sign-ins in the same database.
import { getRequestListener } from '@hono/node-server'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { CONTACT_FUNCTION_PATH } from '../supabase/functions/_shared/contact-request.ts'
import { GITHUB_OAUTH_FUNCTION_PATH } from '../supabase/functions/_shared/github-sign-in.ts'
import { oauthConfigFromEnv } from '../supabase/functions/github-oauth/config.ts'
import {
  consoleOAuthLog,
  createOAuthHandler,
  notConfiguredHandler,
  type OAuthLog,
} from '../supabase/functions/github-oauth/handler.ts'
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
import { SCHEDULE_INTERVAL_MS } from '../supabase/functions/send-contact-email/retry-schedule.ts'
import type { MailTransport } from '../supabase/functions/send-contact-email/mail-transport.ts'
import { startLeadsAdminServer, type LeadsAdminServer } from './leads-admin-server.ts'
import type { DataDirLock } from './data-folder-lock.ts'
import type { PGlite } from '@electric-sql/pglite'
import type { SignInUses } from '../supabase/functions/github-oauth/sign-in-uses.ts'
import { openLocalDatabase } from './local-database.ts'
import { sqlSignInUses } from './sign-in-uses.ts'
import { createSqlLeadStore } from './sql-lead-store.ts'

export interface FunctionsMiddlewareOptions {
  /** PGlite directory; default LEADS_DATA_DIR or .data/pglite; 'memory://' for a throwaway one. */
  dataDir?: string
  /** That directory's lock, when the caller took it already (./serve.ts). */
  dataDirLock?: DataDirLock
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
  /**
   * How often the server runs the scheduled pass (retries, held mails, spam and retention), as
   * pg_cron calls the hosted function; default SCHEDULE_INTERVAL_MS, 0: never.
   */
  scheduleIntervalMs?: number
  /** Where the sign-in exchange's events go; default the console, as on Supabase. */
  oauthLog?: OAuthLog
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

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0]!

function isFunctionPath(url: string | undefined): boolean {
  const pathname = pathOf(url)
  return pathname === CONTACT_FUNCTION_PATH || pathname === `${CONTACT_FUNCTION_PATH}/`
}

/** The exchange's addresses: …/github-oauth/auth and …/callback (it answers the rest 404). */
function isSignInPath(url: string | undefined): boolean {
  const pathname = pathOf(url)
  return (
    pathname === GITHUB_OAUTH_FUNCTION_PATH || pathname.startsWith(`${GITHUB_OAUTH_FUNCTION_PATH}/`)
  )
}

type WebHandler = Parameters<typeof getRequestListener>[0]

/**
 * A middleware answering the addresses `matches` accepts with `handle`. Node's request to a web
 * Request and the Response back, by @hono/node-server: it builds the Request lazily (so TRACE,
 * CONNECT or TRACK, which `new Request` refuses, reach the handler's 405 instead of throwing),
 * refuses a bad Host or target with 400, and reads an unread body for a bounded time only.
 */
function mountWebHandler(
  matches: (url: string | undefined) => boolean,
  handle: WebHandler,
  logError: (error: unknown) => void,
): ConnectMiddleware {
  const listener = getRequestListener(handle, {
    // The lazy Request stays inside the adapter; the globals remain Node's own.
    overrideGlobalObjects: false,
    hostname: 'localhost',
    errorHandler(error) {
      const badRequest = error instanceof Error && error.name === 'RequestError'
      if (!badRequest) logError(error)
      return Response.json(
        { error: badRequest ? 'Bad request' : 'Internal error' },
        { status: badRequest ? 400 : 500, headers: { Connection: 'close' } },
      )
    },
  })
  return (req, res, next) => {
    // Connect strips a mount prefix from req.url; originalUrl keeps the full path.
    const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url
    if (!matches(url)) {
      next()
      return
    }
    req.url = url
    listener(req, res).catch((error: unknown) => {
      logError(error)
      if (res.headersSent) res.destroy()
      else res.writeHead(500, { Connection: 'close' }).end()
    })
  }
}

export interface GitHubOAuthMiddleware {
  middleware: ConnectMiddleware
  /** Why the exchange cannot sign anyone in (names of settings, no value), or undefined. */
  notConfigured?: string
}

/**
 * An embedded database of the exchange's own, opened at its first trade, for an exchange mounted
 * without the site's (the browser tests' editor): the same migrations, in memory.
 */
function ownDatabase(): () => Promise<PGlite> {
  let opening: Promise<PGlite> | undefined
  return () => (opening ??= openLocalDatabase('memory://').then((local) => local.db))
}

/**
 * The github-oauth function (the editor's sign-in exchange) from `env`'s CMS_* settings and
 * ALLOWED_ORIGINS, as its Supabase entry point reads them; `uses`, its record of traded sign-ins,
 * on the site's embedded database (createFunctionsMiddleware) or on one of its own.
 */
export async function createGitHubOAuthMiddleware(
  env: Record<string, string | undefined>,
  log: OAuthLog = consoleOAuthLog,
  uses: SignInUses = sqlSignInUses(ownDatabase()),
): Promise<GitHubOAuthMiddleware> {
  let notConfigured: string | undefined
  let handle: (request: Request) => Promise<Response>
  try {
    handle = await createOAuthHandler({
      config: oauthConfigFromEnv((name) => env[name], 'local'),
      uses,
      log,
    })
  } catch (error) {
    notConfigured = error instanceof Error ? error.message : String(error)
    handle = notConfiguredHandler(notConfigured)
  }
  const middleware = mountWebHandler(
    isSignInPath,
    async (request, { incoming, outgoing }) => {
      // Its answers are steps of the sign-in popup. The site's Cross-Origin-Opener-Policy
      // (same-origin, which the local server puts on every answer that is not a file) would move
      // the popup to a new browsing context group and cut the window.opener the callback page
      // hands the token to (server/headers.ts); Supabase sends none.
      outgoing.removeHeader('Cross-Origin-Opener-Policy')
      const response = await handle(request)
      // Answered before the whole body arrived (a trade past its limit): close the connection
      // after the answer rather than read the rest, which may never end.
      if (!incoming.complete) outgoing.setHeader('Connection', 'close')
      return response
    },
    (error) => log('oauth.failed', { error: error instanceof Error ? error.name : 'error' }),
  )
  return { middleware, notConfigured }
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
  const local = await openLocalDatabase(options.dataDir ?? env.LEADS_DATA_DIR, {
    lock: options.dataDirLock,
  })
  const store = createSqlLeadStore(local.db)
  const handle = createHandler({ store, mail, config, logger, clock: options.clock })

  let admin: LeadsAdminServer | null = null
  if ((options.adminEndpoint ?? true) && local.lock) {
    admin = await startLeadsAdminServer({ store, mail, logger })
    local.lock.update({ adminUrl: admin.url, adminToken: admin.token })
  }

  const signIn = await createGitHubOAuthMiddleware(env, options.oauthLog, sqlSignInUses(local.db))

  // The long-lived server is its own schedule: failed mails are retried here as hosted.
  let pass: Promise<unknown> = Promise.resolve()
  const intervalMs = options.scheduleIntervalMs ?? SCHEDULE_INTERVAL_MS
  const schedule =
    intervalMs > 0
      ? setInterval(() => {
          pass = handle.runScheduledPass()
        }, intervalMs)
      : null
  // The schedule alone never keeps the process alive.
  schedule?.unref()

  logger.info('functions.ready', {
    path: CONTACT_FUNCTION_PATH,
    database: local.dataDir,
    mail: mail.name,
    minSubmitMs: config.minSubmitMs,
    hint: 'npm run leads lists what arrived',
    githubSignIn: signIn.notConfigured ?? `${GITHUB_OAUTH_FUNCTION_PATH}/auth`,
  })

  const contact = mountWebHandler(
    isFunctionPath,
    async (request, { incoming, outgoing }) => {
      const response = await handle(request, { clientAddress: incoming.socket.remoteAddress })
      // Answered before the whole body arrived (413, 415, 400): close the connection after the
      // answer rather than read the rest, which may never end.
      if (!incoming.complete) outgoing.setHeader('Connection', 'close')
      return response
    },
    (error) => logger.error('functions_middleware.failed', { error: describeError(error) }),
  )
  const middleware: ConnectMiddleware = (req, res, next) =>
    contact(req, res, () => signIn.middleware(req, res, next))

  let closing: Promise<void> | null = null
  return {
    middleware,
    close() {
      closing ??= (async () => {
        if (schedule) clearInterval(schedule)
        await pass.catch(() => {})
        await admin?.close()
        await local.close()
      })()
      return closing
    },
  }
}
