// Serves one build's dist/client on 127.0.0.1 at a free port, with the headers it was built
// with (the same static server as `npm start`), until close() is called.
import { createServer, type RequestListener } from 'node:http'
import path from 'node:path'
import { listenOnLoopback, type LoopbackServer } from '../../server/listen-on-loopback.ts'
import { createStaticSite, readBuiltHeaderRules } from '../../server/static.ts'
import type { Logger } from '../../supabase/functions/send-contact-email/logger.ts'

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
