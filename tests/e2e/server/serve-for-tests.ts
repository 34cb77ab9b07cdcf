// The server the end-to-end suite starts: `npm start`'s own server (server/serve.ts) with its
// database in a directory of its own, removed with its lock and journal when Playwright stops it.
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { lockFileOf } from '../../../server/data-dir-lock.ts'
import { journalFileOf } from '../../../server/lead-journal.ts'

const dataDir = process.env.LEADS_DATA_DIR
if (!dataDir) throw new Error('LEADS_DATA_DIR must name the test database directory')

// Its own options (--dist <folder>) are the server's.
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'server/serve.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: process.env,
  },
)

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
