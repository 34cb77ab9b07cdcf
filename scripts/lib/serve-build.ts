// Serves one build's dist/client on 127.0.0.1 at a free port, with the headers it was built
// with (the same static server as `npm start`), until close() is called.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createStaticSite, readBuiltHeaderRules } from '../../server/static.ts'
import type { Logger } from '../../supabase/functions/send-contact-email/logger.ts'

export interface ServedBuild {
  origin: string
  close(): Promise<void>
}

export interface ServeBuildOptions {
  /** Serve these files instead of distDir/client (the benchmark's script-free copy). */
  clientDir?: string
  /** Where the route guard's decisions go (default: the console, as `npm start`). */
  logger?: Logger
}

export async function serveBuild(
  distDir: string,
  { clientDir = path.join(distDir, 'client'), logger }: ServeBuildOptions = {},
): Promise<ServedBuild> {
  const site = createStaticSite(clientDir, readBuiltHeaderRules(distDir), logger)
  const server = createServer((req, res) => {
    site.handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
