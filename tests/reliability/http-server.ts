// The real server process (`tsx server/serve.ts`) on a tiny fixture build, and raw-socket
// requests against it: what a hostile or broken client can send that fetch() never would.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { headerRules, securityHeadersOf } from '../../server/headers.ts'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/contact-request.ts'
import { freePort } from '../e2e/server/free-port.ts'
import { outputOf } from '../process-output.ts'
import { endsWithTheFile } from '../stray-processes.ts'
import { copyTemplateDataFolder } from './template-data-folder.ts'

const repo = path.resolve(import.meta.dirname, '../..')

export const FUNCTION_PATH = CONTACT_FUNCTION_PATH
/**
 * A hang, not slowness: each server creates its database (PGlite's initdb), and with the suite's
 * files starting theirs at once on a 2-core machine that took more than the config's 60 s.
 */
export const SERVER_START_TIMEOUT_MS = 180_000
export const HOME_PAGE = '<!doctype html><title>Fixture</title><h1>Fixture home</h1>'
const RULES = headerRules({ schedulerUrl: 'https://cal.example/team/30min' }, [
  '/',
  '/about',
  '/404.html',
])
/** What every answer must carry (server/headers.ts). */
export const SECURITY_HEADERS = securityHeadersOf(RULES)

/** A build's output as serve.ts reads it: client/ and the header rules beside it. */
export async function writeFixtureBuild(dist: string): Promise<void> {
  const client = path.join(dist, 'client')
  await mkdir(path.join(client, 'about'), { recursive: true })
  await mkdir(path.join(client, 'images'))
  await writeFile(path.join(client, 'index.html'), HOME_PAGE)
  await writeFile(path.join(client, 'about/index.html'), '<h1>About</h1>')
  await writeFile(path.join(client, '404.html'), '<h1>Page not found</h1>')
  await writeFile(path.join(client, 'images/photo.avif'), Buffer.from([0, 0, 0, 28]))
  await writeFile(path.join(dist, 'headers.json'), JSON.stringify(RULES))
}

const started = new Set<() => Promise<void>>()

/**
 * Stops every server this file started, including one still starting when its hook timed out
 * (its process and temporary folder would otherwise outlive the suite).
 */
export async function stopServers(): Promise<void> {
  await Promise.all([...started].map((stop) => stop()))
}

export interface ServerRun {
  exitCode: number | null
  stdout: string
  stderr: string
}

export interface RunningServer {
  port: number
  origin: string
  /** What the process printed so far. */
  output(): string
  stop(): Promise<void>
}

/**
 * Starts `tsx server/serve.ts` with its own port, data folder (a copy of the run's empty
 * database, ./template-data-folder.ts) and fixture build, all under one temporary folder that
 * stop() removes. Resolves once it listens; rejects with its output if it exits first.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'http-reliability-'))
  const dist = path.join(scratch, 'dist')
  await writeFixtureBuild(dist)
  await copyTemplateDataFolder(path.join(scratch, 'data'))
  const port = freePort()
  const child = endsWithTheFile(
    spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts', '--dist', dist], {
      cwd: repo,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LEADS_DATA_DIR: path.join(scratch, 'data'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const output = outputOf(child)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  const stop = async () => {
    started.delete(stop)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
    await rm(scratch, { recursive: true, force: true, maxRetries: 5 })
  }
  started.add(stop)
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = () => {
        if (output().includes('Site running at')) resolve()
      }
      child.stdout.on('data', onData)
      child.once('exit', (code) =>
        reject(new Error(`serve.ts exited (${code}) first:\n${output()}`)),
      )
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { port, origin: `http://127.0.0.1:${port}`, output, stop }
}

/**
 * The one server a test file asks things of: started before its tests (in a hook, so a slow
 * start is not charged to a test) and stopped after them. Read it inside a test.
 */
export function serverForFile(): () => RunningServer {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer()
  }, SERVER_START_TIMEOUT_MS)
  afterAll(stopServers)
  return () => server!
}

/** Runs `tsx server/serve.ts` with `args` and `env` to its end: for start-up failures. */
export function runServer(args: string[], env: Record<string, string>): Promise<ServerRun> {
  const child = endsWithTheFile(
    spawn(process.execPath, ['--import', 'tsx', 'server/serve.ts', ...args], {
      cwd: repo,
      env: { ...process.env, HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) =>
    child.once('close', (exitCode) => resolve({ exitCode, stdout, stderr })),
  )
}

export interface RawResponse {
  status: number
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Map<string, string>
  body: string
  /** Whether the server closed the connection (rather than the test, after a full answer). */
  closedByServer: boolean
}

function parseHead(head: string): Pick<RawResponse, 'status' | 'headers'> {
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers = new Map<string, string>()
  for (const line of lines) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value)
  }
  return { status: Number(statusLine.split(' ')[1]), headers }
}

/**
 * Sends `request` as it is on a new connection and reads one answer: until the server closes
 * the connection, or until a complete keep-alive answer (by its Content-Length) has arrived.
 */
export function rawRequest(port: number, request: string | Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    let settled = false
    const finish = (closedByServer: boolean) => {
      if (settled) return
      settled = true
      socket.destroy()
      const text = received.toString('latin1')
      const end = text.indexOf('\r\n\r\n')
      if (end < 0) {
        reject(new Error(`no answer (${received.length} bytes): ${JSON.stringify(text)}`))
        return
      }
      resolve({ ...parseHead(text.slice(0, end)), body: text.slice(end + 4), closedByServer })
    }
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      let text = received.toString('latin1')
      // An interim answer (100 Continue) comes before the answer: skip it.
      while (/^HTTP\/1\.1 1\d\d /.test(text) && text.includes('\r\n\r\n')) {
        received = received.subarray(text.indexOf('\r\n\r\n') + 4)
        text = received.toString('latin1')
      }
      const end = text.indexOf('\r\n\r\n')
      if (end < 0) return
      const { headers } = parseHead(text.slice(0, end))
      if (headers.get('connection')?.toLowerCase() === 'close') return
      const body = text.slice(end + 4)
      const complete =
        headers.get('transfer-encoding') === 'chunked'
          ? body.endsWith('0\r\n\r\n')
          : body.length >= Number(headers.get('content-length') ?? 0)
      if (complete) finish(false)
    })
    socket.on('close', () => finish(true))
    socket.on('error', () => finish(true))
    socket.write(request)
  })
}

/** A request in HTTP/1.1 with the Host header, as curl would send it. */
export function requestText(method: string, target: string, headers: string[] = []): string {
  return [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, '', ''].join('\r\n')
}

export function expectSecurityHeaders(response: RawResponse, label: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS))
    expect(response.headers.get(name.toLowerCase()), `${label}: ${name}`).toBe(value)
}

/** After a hostile request: the server still answers the home page. */
export async function expectStillServing(server: RunningServer, label: string): Promise<void> {
  const response = await fetch(`${server.origin}/`).catch((error: unknown) => {
    throw new Error(`${label}: the server stopped answering (${String(error)})\n${server.output()}`)
  })
  expect(response.status, label).toBe(200)
  expect(await response.text(), label).toBe(HOME_PAGE)
}
