// `npm start` (after the build): the built site on http://localhost:3000 (PORT, HOST override),
// with the site's functions mounted on the same origin (./functions.ts): send-contact-email,
// backed by the embedded database, so the forms work on a fresh clone with no accounts, and
// github-oauth, so the built editor's sign-in works once CMS_GITHUB_CLIENT_ID,
// CMS_GITHUB_CLIENT_SECRET and CMS_OAUTH_STATE_KEY are set (CMS_GITHUB_OAUTH_URL for a fake).
// `npm run serve -- --dist <folder>` serves another build's output (its client/ and headers.json),
// under the base path it was built for (SITE_BASE_PATH, recorded in its built-with.json).
// A start-up failure is one sentence with the fix and exit status 1: no stack trace, no secret.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readBuiltSite } from './built-with.ts'
import { IN_MEMORY, resolveDataDir } from './data-folder-path.ts'
import { acquireDataDirLock } from './data-folder-lock.ts'
import { securityHeadersOf, type HeaderRule } from './headers.ts'
import { createEdgeServer } from './http-edge.ts'
import { readBuiltHeaderRules } from './headers.ts'
import { createStaticSite } from './static.ts'

function fail(sentence: string): never {
  console.error(sentence)
  process.exit(1)
}

/** An error's own message only: a thrown object may carry secrets (a lock's admin token). */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

let distDir: string
try {
  const { values } = parseArgs({ options: { dist: { type: 'string' } } })
  distDir = path.resolve(values.dist ?? 'dist')
} catch (error) {
  fail(`${messageOf(error)}: the only option is --dist <folder> (default dist).`)
}
const root = path.join(distDir, 'client')
if (!existsSync(path.join(root, 'index.html')))
  fail(
    `${path.relative('.', root) || root}/index.html is missing: run \`npm run build\` first (npm start does), or name a built folder with --dist.`,
  )

const port = Number(process.env.PORT ?? 3000)
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`PORT must be a port number from 0 to 65535, got "${process.env.PORT}".`)
const host = process.env.HOST ?? '127.0.0.1'

// The build writes the header rules it also gave the static hosts (_headers, vercel.json).
let rules: HeaderRule[]
let basePath: string
try {
  rules = readBuiltHeaderRules(distDir)
  basePath = readBuiltSite(distDir).basePath
} catch (error) {
  fail(messageOf(error))
}
const site = createStaticSite(root, rules, undefined, basePath)

const server = createEdgeServer({
  securityHeaders: securityHeadersOf(rules),
  handle: async (req, res) => {
    const functions = await opening
    await new Promise<void>((resolve, reject) => {
      functions.middleware(req, res, () => site.handle(req, res).then(resolve, reject))
      // The function answers on its own (its errors become its own 500); the site's resolve.
      res.once('close', resolve)
    })
  },
})

/** Why the port could not be opened, and what to do about it. */
function listenFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `Port ${port} on ${host} is already in use: stop the server using it, or start this one on another port (PORT=${port + 1} npm run serve).`
    case 'EACCES':
      return `Permission denied to listen on port ${port}: ports below 1024 need administrator rights, so set PORT to 1024 or above (PORT=3000 npm run serve).`
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses (HOST=127.0.0.1 npm run serve).`
    default:
      return `The server could not listen on ${host}:${port}: ${error.message}.`
  }
}

let listened = false
server.on('error', (error: NodeJS.ErrnoException) => {
  if (!listened) fail(listenFailure(error))
  // Later (too many open files on accept, say), the server goes on with the next connection.
  console.error(`The server could not accept a connection: ${error.message}`)
})
// The database opens once the port is ours, so a port in use is said at once and leaves the data
// folder untouched; requests that arrive meanwhile wait for it.
const listening = new Promise<void>((resolve) =>
  server.listen(port, host, () => {
    listened = true
    resolve()
  }),
)
// The data folder's lock is taken before the function's code is loaded (PGlite, the handler:
// 0.8 CPU s), so a server started on a folder another one holds says so at once.
const opening = listening.then(async () => {
  const dataDir = resolveDataDir()
  const dataDirLock = dataDir === IN_MEMORY ? undefined : await acquireDataDirLock(dataDir)
  const { createFunctionsMiddleware, localOrigins } = await import('./functions.ts')
  // The forms post from this server's own origin and the editor signs in from it: allow it
  // unless ALLOWED_ORIGINS says otherwise.
  return createFunctionsMiddleware({
    dataDir,
    dataDirLock,
    env: { ALLOWED_ORIGINS: localOrigins(port), ...process.env },
  })
})
opening.then(
  () => console.log(`Site running at http://localhost:${port}${basePath} (listening on ${host})`),
  // The data folder's errors (busy, damaged, read-only) are sentences with their fix already.
  (error: unknown) => fail(messageOf(error)),
)

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.close()
    server.closeAllConnections()
    void opening.then((functions) => functions.close()).finally(() => process.exit(0))
  })
