// The contact function on a real Node HTTP server, as `npm run serve` mounts it
// (createFunctionsMiddleware on node:http), with a database folder of its own, a recording mail
// transport and a clock the test can move. Each call gets its own temporary folder (a copy of
// the run's empty database, ./template-data-folder.ts) and free port; close() stops the server
// and removes the folder.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/contact-request.ts'
import type { HandlerConfig } from '../../supabase/functions/send-contact-email/config.ts'
import type { StoredContactRequest } from '../../supabase/functions/send-contact-email/lead-store.ts'
import { silentLogger } from '../../supabase/functions/send-contact-email/logger.ts'
import type { OutgoingMail } from '../../supabase/functions/send-contact-email/mail-transport.ts'
import { createFunctionsMiddleware } from '../../server/functions.ts'
import { openLeadsAccess } from '../../operations/leads/local-store.ts'
import { recordingMail } from '../unit/helpers/function-fixtures.ts'
import { copyTemplateDataFolder } from './template-data-folder.ts'

export const ORIGIN = 'http://localhost:3000'

/** One request as the function's server received it. */
export interface ReceivedRequest {
  method: string
  headers: IncomingHttpHeaders
}

export interface FunctionServer {
  /** The function's address on this server. */
  url: string
  /** Every request the server received, in order. */
  received: ReceivedRequest[]
  dataDir: string
  mails: OutgoingMail[]
  clock: { set(at: string): void }
  close(): Promise<void>
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    // Port 0: the system picks a free one, so parallel tests never collide.
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
}

/** Longer than any store call takes on a loaded machine, shorter than a test's time limit. */
export const UNHURRIED_STORE_TIMEOUT_MS = 45_000

export async function startFunctionServer(
  options: {
    config?: Partial<HandlerConfig>
    start?: string
    /** The site's origin the function allows (ALLOWED_ORIGINS); ORIGIN unless given. */
    siteOrigin?: string
  } = {},
): Promise<FunctionServer> {
  // The database folder inside a folder of its own, so its lock file beside it goes too.
  const parent = await mkdtemp(path.join(tmpdir(), 'function-reliability-'))
  const dataDir = path.join(parent, 'pglite')
  await copyTemplateDataFolder(dataDir)
  let now = new Date(options.start ?? '2026-11-25T09:10:00Z')
  const mail = recordingMail()
  const functions = await createFunctionsMiddleware({
    dataDir,
    env: { ALLOWED_ORIGINS: options.siteOrigin ?? ORIGIN },
    // A store call that outlasts its limit is taken for a store that is down (the lead is mailed
    // unstored, or answered 503), while the call may still commit. That path has its own tests
    // (tests/deno, tests/unit/supabase/functions/send-contact-email); here a busy machine queueing 40 inserts must not take it,
    // or the counts these tests assert would depend on the machine's load.
    config: { ...options.config, storeTimeoutMs: UNHURRIED_STORE_TIMEOUT_MS },
    mail,
    logger: silentLogger,
    clock: () => now,
  })
  const received: ReceivedRequest[] = []
  const server = createServer((req, res) => {
    received.push({ method: req.method ?? '', headers: req.headers })
    functions.middleware(req, res, () => {
      res.writeHead(404).end()
    })
  })
  const port = await listen(server)
  return {
    url: `http://127.0.0.1:${port}${CONTACT_FUNCTION_PATH}`,
    received,
    dataDir,
    mails: mail.sent,
    clock: {
      set(at) {
        now = new Date(at)
      },
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await functions.close()
      await rm(parent, { recursive: true, force: true })
    },
  }
}

/** POSTs a body (an object as JSON, or raw bytes/text as given) with the headers given. */
export function postTo(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const raw = typeof body === 'string' || body instanceof Uint8Array
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: raw ? (body as BodyInit) : JSON.stringify(body),
  })
}

const run = promisify(execFile)
const repository = path.resolve(import.meta.dirname, '../..')

/** `npm run leads -- …` as an operator types it (through the server holding the folder). */
export async function leadsCommand(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'scripts/leads.ts', '--data-dir', dataDir, ...args],
    { cwd: repository, env: { ...process.env, RESEND_API_KEY: '' } },
  )
  return stdout
}

/** The stored requests, asked of the server holding the folder (what `npm run leads` reads). */
export async function storedRequests(dataDir: string): Promise<StoredContactRequest[]> {
  const access = await openLeadsAccess({ dataDir, logger: silentLogger })
  try {
    return await access.list({ limit: 1000 })
  } finally {
    await access.close()
  }
}

/** The spec's body (§7) and what the site's form sends (with the anti-bot fields): one copy,
 * shared with the unit tests. */
export { specBody, contactBody as formBody } from '../unit/helpers/function-fixtures.ts'
