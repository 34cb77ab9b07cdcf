// Serves one build's dist/client on 127.0.0.1 at a free port, with the headers it was built
// with (the same static server as `npm start`), until close() is called.
import { createServer, type RequestListener } from 'node:http'
import path from 'node:path'
import { createFunctionsMiddleware } from './functions.ts'
import { listenOnLoopback, type LoopbackServer } from './listen-on-loopback.ts'
import { readBuiltHeaderRules } from './headers.ts'
import { createStaticSite } from './static.ts'
import type { Logger } from '../supabase/functions/send-contact-email/logger.ts'

export type ServedBuild = LoopbackServer

export interface ExtraPage {
  html: string
  headers: Record<string, string>
}

export interface ServeBuildOptions {
  /** Serve these files instead of distDir/client (the benchmark's script-free copy). */
  clientDir?: string
  /** Where the route guard's decisions go (default: the console, as `npm start`). */
  logger?: Logger
  /**
   * Pages answered at these paths before the build's own files, as HTML with the headers given
   * (the bench's reference page, served from the same origin as the site), never cached.
   */
  extraPages?: Record<string, ExtraPage>
}

/**
 * What serveBuild answers with, for a server that answers some addresses its own way and hands
 * every other request to the build (a test that sends a page slowly).
 */
export function buildRequestHandler(
  distDir: string,
  { clientDir = path.join(distDir, 'client'), logger, extraPages = {} }: ServeBuildOptions = {},
): RequestListener {
  const site = createStaticSite(clientDir, readBuiltHeaderRules(distDir), logger)
  return (req, res) => {
    const extra = extraPages[new URL(req.url ?? '/', 'http://localhost').pathname]
    if (extra !== undefined) {
      res.writeHead(200, {
        ...extra.headers,
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      })
      res.end(extra.html)
      return
    }
    site.handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end(String(error))
    })
  }
}

export async function serveBuild(
  distDir: string,
  options: ServeBuildOptions = {},
): Promise<ServedBuild> {
  return listenOnLoopback(createServer(buildRequestHandler(distDir, options)))
}

/**
 * Builds served as serveBuild serves them, each on its own origin, with the contact function
 * mounted on each as `npm start` has it, but with nothing kept and nothing sent: one in-memory
 * database for all (opening one takes seconds), the mail written to `logger`, and no setting
 * read from the environment (a RESEND_API_KEY there must not mail anyone). The function allows
 * the origins of these builds, and `alsoAllowed` (the same build served by another server: npm
 * test's hosts step serves it on workerd, whose forms call this function).
 */
export async function serveBuildsWithFunction(
  builds: readonly ({ distDir: string } & ServeBuildOptions)[],
  logger: Logger,
  { alsoAllowed = [] }: { alsoAllowed?: readonly string[] } = {},
): Promise<{ servers: ServedBuild[]; close(): Promise<void> }> {
  // Each build's handler first: one that cannot be made (no build there) fails the call before
  // anything listens, instead of leaving servers open that keep the process from ending.
  const sites = builds.map(({ distDir, ...options }) =>
    buildRequestHandler(distDir, { logger, ...options }),
  )
  const handlers: RequestListener[] = []
  const servers = await Promise.all(
    builds.map((_build, index) =>
      listenOnLoopback(
        createServer((req, res) => {
          const handle = handlers[index]
          if (handle) handle(req, res)
          else res.writeHead(503).end()
        }),
      ),
    ),
  )
  const closeServers = () => Promise.all(servers.map((server) => server.close()))
  const functions = await createFunctionsMiddleware({
    dataDir: 'memory://',
    env: {
      ALLOWED_ORIGINS: [...servers.map((server) => server.origin), ...alsoAllowed].join(','),
    },
    logger,
    adminEndpoint: false,
  }).catch(async (error: unknown) => {
    await closeServers()
    throw error
  })
  for (const [index, site] of sites.entries())
    handlers[index] = (req, res) => functions.middleware(req, res, () => site(req, res))
  return {
    servers,
    close: async () => {
      await closeServers()
      await functions.close()
    },
  }
}
