// `npm start` (after the build): the built site on http://localhost:3000 (PORT, HOST override).
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import type { HeaderRule } from './headers.ts'
import { createStaticSite } from './static.ts'

const root = path.resolve('dist/client')
if (!existsSync(path.join(root, 'index.html'))) {
  console.error('dist/client/index.html is missing: run `npm run build` first (npm start does).')
  process.exit(1)
}

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '127.0.0.1'
// The build writes the header rules it also gave the static hosts (_headers, vercel.json).
const rulesFile = path.resolve('dist/headers.json')
if (!existsSync(rulesFile)) {
  console.error('dist/headers.json is missing: run `npm run build` first.')
  process.exit(1)
}
const rules = JSON.parse(readFileSync(rulesFile, 'utf8')) as HeaderRule[]
const site = createStaticSite(root, rules)

const server = createServer((req, res) => {
  site.handle(req, res).catch((error: unknown) => {
    console.error(`${req.method} ${req.url} failed:`, error)
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' })
    res.end('Internal error')
  })
})

server.listen(port, host, () => {
  console.log(`Site running at http://localhost:${port} (listening on ${host})`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)))
