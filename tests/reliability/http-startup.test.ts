// Start-up failures at the HTTP layer: one plain sentence with the fix, exit status 1, no stack
// trace, and nothing from the lock file (the admin token) in the output.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { lockFileOf } from '../../server/data-folder-lock.ts'
import {
  runServer,
  SERVER_START_TIMEOUT_MS,
  startServer,
  writeFixtureBuild,
  type ServerRun,
} from './http-server.ts'

const scratches: string[] = []
async function scratch(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'http-startup-'))
  scratches.push(folder)
  return folder
}

afterEach(async () => {
  for (const folder of scratches.splice(0))
    await rm(folder, { recursive: true, force: true, maxRetries: 5 })
})

function expectOneSentence(run: ServerRun, ...parts: string[]) {
  expect(run.exitCode, run.stderr).toBe(1)
  const lines = run.stderr.trim().split('\n')
  expect(lines, run.stderr).toHaveLength(1)
  for (const part of parts) expect(lines[0]).toContain(part)
  // A stack trace has "    at " lines; none may reach the operator.
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/^\s+at /m)
}

it('refuses a port in use, naming another port', async () => {
  const folder = await scratch()
  await writeFixtureBuild(path.join(folder, 'dist'))
  const blocker = net.createServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
  const port = (blocker.address() as net.AddressInfo).port
  try {
    const run = await runServer(['--dist', path.join(folder, 'dist')], {
      PORT: String(port),
      LEADS_DATA_DIR: path.join(folder, 'data'),
    })
    expectOneSentence(run, `Port ${port}`, 'already in use', `PORT=${port + 1}`)
  } finally {
    blocker.close()
  }
})

it('refuses a HOST that is not an address of this machine', async () => {
  const folder = await scratch()
  await writeFixtureBuild(path.join(folder, 'dist'))
  const run = await runServer(['--dist', path.join(folder, 'dist')], {
    PORT: '0',
    HOST: '192.0.2.1', // TEST-NET-1: never this machine's
    LEADS_DATA_DIR: path.join(folder, 'data'),
  })
  expectOneSentence(run, 'HOST 192.0.2.1', 'HOST=127.0.0.1')
})

it('refuses a PORT that is not a port number', async () => {
  const folder = await scratch()
  await writeFixtureBuild(path.join(folder, 'dist'))
  const run = await runServer(['--dist', path.join(folder, 'dist')], { PORT: '99999' })
  expectOneSentence(run, 'PORT must be a port number')
})

it('asks for a build when there is none', async () => {
  const folder = await scratch()
  const run = await runServer(['--dist', path.join(folder, 'dist')], { PORT: '0' })
  expectOneSentence(run, 'index.html is missing', 'npm run build')
})

it('asks for a build when its header rules are missing', async () => {
  const folder = await scratch()
  await writeFixtureBuild(path.join(folder, 'dist'))
  await rm(path.join(folder, 'dist/headers.json'))
  const run = await runServer(['--dist', path.join(folder, 'dist')], { PORT: '0' })
  expectOneSentence(run, 'headers.json is missing', 'npm run build')
})

it('refuses an unknown option, naming the one there is', async () => {
  const run = await runServer(['--root', 'x'], { PORT: '0' })
  expectOneSentence(run, '--dist <folder>')
})

it(
  'says a data folder is busy without printing the admin token',
  async () => {
    const running = await startServer()
    try {
      const dataDir = /"database":"([^"]+)"/.exec(running.output())?.[1]
      expect(dataDir, running.output()).toBeDefined()
      const lock = JSON.parse(await readFile(lockFileOf(dataDir!), 'utf8')) as {
        adminToken: string
      }
      const folder = await scratch()
      await writeFixtureBuild(path.join(folder, 'dist'))
      const run = await runServer(['--dist', path.join(folder, 'dist')], {
        PORT: '0',
        LEADS_DATA_DIR: dataDir!,
      })
      expectOneSentence(run, dataDir!)
      expect(`${run.stdout}${run.stderr}`).not.toContain(lock.adminToken)
    } finally {
      await running.stop()
    }
  },
  2 * SERVER_START_TIMEOUT_MS,
)
