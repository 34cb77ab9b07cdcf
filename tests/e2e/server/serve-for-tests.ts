// The server the end-to-end suite starts: `npm start`'s own server (server/serve.ts) with its
// database in a directory of its own, removed with its lock and journal when Playwright stops it.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { loadavg } from 'node:os'
import { lockFileOf } from '../../../server/data-folder-lock.ts'
import { journalFileOf } from '../../../server/lead-journal.ts'

const dataDir = process.env.LEADS_DATA_DIR
if (!dataDir) throw new Error('LEADS_DATA_DIR must name the test database directory')

const started = Date.now()
const server = spawn(
  process.execPath,
  // The database's WebAssembly on V8's baseline compiler only: its start costs about 2.5 s less
  // CPU (of 9), at a busy moment of `npm test`, and the suite's few hundred inserts never need
  // the optimised tier. `npm start` itself keeps V8's defaults.
  // Its own options (--dist <folder>) are the server's.
  ['--liftoff-only', '--import', 'tsx', 'server/serve.ts', ...process.argv.slice(2)],
  { stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
)

let ready = false
// Playwright shows a web server's stderr and drops its stdout (the mails the server logs). The
// time the start took goes to stderr, once, so the run's log shows it before it becomes a limit.
server.stdout.on('data', (chunk: Buffer) => {
  process.stdout.write(chunk)
  if (ready || !chunk.toString().includes('Site running at')) return
  ready = true
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')
  console.error(`Test server ready in ${seconds} s (load average ${load})`)
})

function removeData() {
  rmSync(dataDir!, { recursive: true, force: true, maxRetries: 5 })
  rmSync(lockFileOf(dataDir!), { force: true })
  rmSync(journalFileOf(dataDir!), { force: true })
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal)
  })
server.on('exit', (code) => {
  removeData()
  process.exit(code ?? 0)
})
