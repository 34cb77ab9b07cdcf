// `npm run measure:dev-editor`: how long a writer waits for the editor on `npm run dev`, its
// first open after the server starts. For each visit: a dev server started on this project (on
// 127.0.0.1, a port Vite picks, the contact function's database in memory), ready once it prints
// its address; then /admin/ opened in Chromium (launched before the server, so its start is not
// counted), timed from navigation to the local mode's Login button, and on to the collection list
// once it is pressed (the figure: navigation to the list, the press included). `--fresh` removes
// Vite's pre-bundled dependencies (node_modules/.vite) before each start, as after an install.
// Target: ≤ 5 s on a quiet machine (issue 55).
import { spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { CHROMIUM_FLAGS, chromiumPath } from '../tests/harness/chromium.ts'

const TARGET_MS = 5000
/** A link of Decap's collection list: each collection is one. */
const COLLECTION_LINK = 'a[href*="#/collections/"]'

const { values } = parseArgs({
  options: { visits: { type: 'string', default: '3' }, fresh: { type: 'boolean', default: false } },
})
const visits = Number(values.visits)
const executablePath = chromiumPath()
if (!executablePath) {
  console.error('No Chromium found: run `npm run setup:chromium`, or set CHROME_PATH.')
  process.exit(1)
}

/** Where Vite says it listens: its "Local:" line (colours and all). */
const LOCAL_ADDRESS = /Local:\S*\s+\S*(http:\/\/127\.0\.0\.1:\d+)/

/** Starts `vike dev`; resolves once it prints its address, with a function that stops it. */
async function startDevServer() {
  const started = performance.now()
  // Port 0: the system picks a free one, and Vite prints it.
  const server = spawn(path.resolve('node_modules/.bin/vike'), ['dev'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LEADS_DATA_DIR: 'memory://' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const origin = await new Promise<string>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const address = LOCAL_ADDRESS.exec(output)?.[1]
      if (address) resolve(address)
    })
    server.once('exit', (code) => reject(new Error(`vike dev exited (${code}):\n${output}`)))
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve()
      server.once('exit', () => resolve())
      server.kill('SIGTERM')
    })
  return { origin, readyMs: performance.now() - started, stop }
}

const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS })
const figures: { readyMs: number; openMs: number }[] = []
try {
  for (let visit = 0; visit < visits; visit++) {
    if (values.fresh) await rm(path.resolve('node_modules/.vite'), { recursive: true, force: true })
    const server = await startDevServer()
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      const started = performance.now()
      await page.goto(`${server.origin}/admin/`, { waitUntil: 'commit' })
      const login = page.getByRole('button', { name: 'Login' })
      await login.waitFor({ timeout: 120_000 })
      const loginMs = performance.now() - started
      await login.click()
      await page.locator(COLLECTION_LINK).first().waitFor({ timeout: 120_000 })
      const openMs = performance.now() - started
      figures.push({ readyMs: server.readyMs, openMs })
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
      console.log(
        `visit ${visit + 1}: server ready in ${seconds(server.readyMs)}; after navigation, Login at ${seconds(loginMs)}, collection list at ${seconds(openMs)}`,
      )
      await context.close()
    } finally {
      await server.stop()
    }
  }
} finally {
  await browser.close()
}
const sorted = figures.map((figure) => figure.openMs).sort((a, b) => a - b)
const median = sorted[Math.floor(sorted.length / 2)]!
console.log(
  `median: ${(median / 1000).toFixed(1)} s from navigation to the collection list (target ≤ ${TARGET_MS / 1000} s)${values.fresh ? ', Vite’s pre-bundled dependencies removed before each start' : ''}`,
)
if (median > TARGET_MS) process.exitCode = 1
