// `npm start` (after the build): the built site on http://localhost:3000 (PORT, HOST override),
// with the send-contact-email function mounted on the same origin, backed by the embedded
// database, so the forms work on a fresh clone with no accounts.
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { createFunctionsMiddleware, localOrigins } from './functions.ts'
import { createStaticSite, readBuiltHeaderRules } from './static.ts'

const root = path.resolve('dist/client')
if (!existsSync(path.join(root, 'index.html'))) {
  console.error('dist/client/index.html is missing: run `npm run build` first (npm start does).')
  process.exit(1)
}

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
// The build writes the header rules it also gave the static hosts (_headers, vercel.json).
const site = createStaticSite(root, readBuiltHeaderRules())
// The forms post from this server's own origin: allow it unless ALLOWED_ORIGINS says otherwise.
const functions = await createFunctionsMiddleware({
  env: { ALLOWED_ORIGINS: localOrigins(port), ...process.env },
})

const server = createServer((req, res) => {
  functions.middleware(req, res, () => {
    site.handle(req, res).catch((error: unknown) => {
      console.error(`${req.method} ${req.url} failed:`, error)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end('Internal error')
    })
  })
})

server.listen(port, host, () => {
  console.log(`Site running at http://localhost:${port} (listening on ${host})`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.close()
    void functions.close().finally(() => process.exit(0))
  })
