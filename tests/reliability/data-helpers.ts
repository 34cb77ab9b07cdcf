// What the data-folder reliability tests share: the real server (server/serve.ts) started as
// `npm run serve` starts it, from a working folder of its own that holds just what serve.ts
// reads (dist/client/index.html and dist/headers.json), on a free port and a data folder that
// the test removes afterwards.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import type {
  NewContactRequest,
  StoredContactRequest,
} from '../../supabase/functions/send-contact-email/lead-store.ts'
import { freePort } from '../e2e/server/free-port.ts'
import { outputOf } from '../process-output.ts'
import { endsWithTheFile } from '../stray-processes.ts'

export const projectRoot = path.resolve(import.meta.dirname, '../..')
const tsxLoader = pathToFileURL(path.join(projectRoot, 'node_modules/tsx/dist/loader.mjs')).href

const run = promisify(execFile)

/** The `index`th of a series of valid contact requests, as the function would store them. */
export const newLead = (index: number, antiBotFields = true): NewContactRequest => ({
  kind: 'contact',
  title: null,
  name: `Prospect ${index}`,
  email: `prospect${index}@example.com`,
  phone: '',
  company: null,
  message: `Request number ${index}`,
  page: null,
  userAgent: null,
  clientHash: 'hash',
  requestId: crypto.randomUUID(),
  status: 'received',
  spamReason: null,
  antiBotFields,
})

/** The same request as a stored row (a journal's or a backup's), received `index` minutes in. */
export const storedLead = (index: number): StoredContactRequest => ({
  ...newLead(index),
  id: crypto.randomUUID(),
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
  attempts: 0,
  transport: null,
  lastError: null,
  nextAttemptAt: null,
})

export type Outcome = { code: number; stdout: string; stderr: string }
/** `npm run leads -- ...args` on `dataDir`, with no mail provider; a non-zero exit is answered. */
export async function leads(dataDir: string, ...args: string[]): Promise<Outcome> {
  try {
    const result = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/leads.ts', '--data-dir', dataDir, ...args],
      { cwd: projectRoot, env: { ...process.env, RESEND_API_KEY: '' } },
    )
    return { code: 0, ...result }
  } catch (error) {
    return error as Outcome
  }
}

/** A temporary folder with a built-site stand-in; `remove()` deletes it and all it holds. */
export async function makeWorkFolder(prefix: string) {
  const folder = await mkdtemp(path.join(tmpdir(), prefix))
  await mkdir(path.join(folder, 'dist/client'), { recursive: true })
  await writeFile(path.join(folder, 'dist/client/index.html'), '<!doctype html><title>t</title>')
  await writeFile(path.join(folder, 'dist/headers.json'), '[]')
  return { folder, remove: () => rm(folder, { recursive: true, force: true, maxRetries: 5 }) }
}

export interface Started {
  child: ChildProcess
  port: number
  output(): string
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>
}

/** `npm run serve` (tsx server/serve.ts) in `cwd`, with the given data folder. */
export function startServe(cwd: string, dataDir: string, port = freePort()): Started {
  const child = endsWithTheFile(
    spawn(process.execPath, ['--import', tsxLoader, path.join(projectRoot, 'server/serve.ts')], {
      cwd,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LEADS_DATA_DIR: dataDir,
        MIN_SUBMIT_MS: '0',
        RESEND_API_KEY: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const output = outputOf(child)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, port, output, exited }
}

/** Waits until the server says it runs, or rejects with its output when it exits first. */
export async function untilRunning(started: Started): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (started.output().includes('Site running at')) resolve()
    }
    started.child.stdout!.on('data', check)
    check()
    void started.exited.then((code) =>
      reject(new Error(`server exited (${code}) before running:\n${started.output()}`)),
    )
  })
}

export async function stop(started: Started): Promise<void> {
  if (started.child.exitCode === null && started.child.signalCode === null)
    started.child.kill('SIGTERM')
  await started.exited
}
