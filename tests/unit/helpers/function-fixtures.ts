// Shared fixtures for the backend tests: an in-memory PGlite with the real migrations, request
// builders, and mail transports that record or fail.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { composeRequestMessage } from '../../../supabase/functions/_shared/contact-request.ts'
import type { HandlerConfig } from '../../../supabase/functions/send-contact-email/config.ts'
import { createHandler } from '../../../supabase/functions/send-contact-email/handler.ts'
import type { Logger } from '../../../supabase/functions/send-contact-email/logger.ts'
import type {
  MailTransport,
  OutgoingMail,
} from '../../../supabase/functions/send-contact-email/mail-transport.ts'
import type {
  NewContactRequest,
  StoredContactRequest,
} from '../../../supabase/functions/send-contact-email/lead-store.ts'
import { openLocalDatabase, type LocalDatabase } from '../../../server/local-database.ts'
import { createSqlLeadStore } from '../../../server/sql-lead-store.ts'
import { timeLimit } from '../../harness/time-limit.ts'

export const ALLOWED_ORIGIN = 'http://localhost:3000'

export const testConfig: HandlerConfig = {
  allowedOrigins: [ALLOWED_ORIGIN, 'http://127.0.0.1:3000'],
  minSubmitMs: 1500,
  rateLimit: { max: 5, windowSeconds: 600 },
  unverifiedRateLimitMax: 2,
  // High enough that tests about other things never meet it; the budget tests set their own.
  mailBudgetPerHour: 1000,
  unverifiedMailBudgetPerHour: 1000,
  maxBodyBytes: 64 * 1024,
  clientHashSalt: 'test-salt',
  // The test is the proxy: it writes the last X-Forwarded-For entry.
  trustedProxyHops: 1,
  clientAddressHeader: 'x-forwarded-for',
  releaseHeldToken: null,
  storeTimeoutMs: 500,
  leadRetentionDays: 365,
}

/** Exactly the body of the spec (§7): four fields, nothing else. */
export const specBody = {
  name: 'Barbara Liskov',
  email: 'barbara@example.com',
  phone: '',
  message: 'Please call us about interviews for three platform engineers.',
}

export const contactBody = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '+1 555 0100',
  message: 'We need four senior backend interviews next week.',
  website: '',
  elapsedMs: 8000,
}

export const guideBody = {
  ...contactBody,
  phone: '',
  message: composeRequestMessage({
    kind: 'guide',
    title: 'System Design Interview Guide',
    company: 'Acme Corp',
    message: 'For our platform team.',
  }),
}

export const scorecardBody = {
  ...contactBody,
  message: composeRequestMessage({
    kind: 'scorecard',
    title: 'DevOps Engineer Scorecard',
    company: '',
    message: '',
  }),
}

let addressCounter = 0
/** A fresh client address per call, so tests do not share a rate-limit window by accident. */
export const freshAddress = () => `198.51.100.${++addressCounter % 250}-${addressCounter}`

export function post(
  body: unknown,
  options: { headers?: Record<string, string>; raw?: boolean; address?: string } = {},
): Request {
  return new Request('http://localhost/functions/v1/send-contact-email', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ALLOWED_ORIGIN,
      'x-forwarded-for': options.address ?? freshAddress(),
      'user-agent': 'vitest',
      referer: 'http://localhost:3000/guides?utm_source=x',
      ...options.headers,
    },
    // raw: the bytes as given (a string, or a Uint8Array of any encoding).
    body: options.raw ? (body as BodyInit) : JSON.stringify(body),
  })
}

export function recordingMail(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = []
  return {
    name: 'recording',
    delivers: true,
    sent,
    send(mail) {
      sent.push(mail)
      return Promise.resolve()
    },
  }
}

export function failingMail(message = 'provider is down'): MailTransport & { calls: number } {
  const transport = {
    name: 'failing',
    delivers: true,
    calls: 0,
    send() {
      transport.calls++
      return Promise.reject(new Error(message))
    },
  }
  return transport
}

/** Like the log transport without a RESEND_API_KEY: "sends" by writing to the log only. */
export function logOnlyMail(): MailTransport & { sent: OutgoingMail[] } {
  return { ...recordingMail(), name: 'log', delivers: false }
}

export interface LogLine {
  level: 'info' | 'error'
  event: string
  fields: Record<string, unknown>
}

export function capturingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = []
  return {
    lines,
    info: (event, fields = {}) => lines.push({ level: 'info', event, fields }),
    error: (event, fields = {}) => lines.push({ level: 'error', event, fields }),
  }
}

export async function openTestDatabase(): Promise<LocalDatabase> {
  return openLocalDatabase('memory://')
}

/**
 * One in-memory database for the test file: opened before its first test (the migrations take a
 * while), closed after its last, and emptied before each test unless `clear` is false (a test
 * that counts what a whole run stored). Returns the database, for the tests to call once open.
 */
export function withTestDatabase({
  clear = true,
  beforeEachTest,
}: { clear?: boolean; beforeEachTest?: () => void } = {}): () => LocalDatabase {
  let database: LocalDatabase | undefined
  beforeAll(async () => {
    database = await openTestDatabase()
  }, timeLimit(60_000))
  afterAll(() => database?.close())
  beforeEach(async () => {
    beforeEachTest?.()
    if (clear) await clearTables(database!)
  })
  return () => {
    if (!database) throw new Error('the test database is used before its beforeAll opened it')
    return database
  }
}

export async function clearTables(database: LocalDatabase): Promise<void> {
  await database.db.exec(
    'truncate public.contact_requests, public.contact_rate_limits, public.contact_mail_budget',
  )
}

export async function countRows(database: LocalDatabase): Promise<number> {
  const { rows } = await database.db.query<{ count: number }>(
    'select count(*)::int as count from public.contact_requests',
  )
  return rows[0]!.count
}

export function handlerOn(
  database: LocalDatabase,
  overrides: {
    mail?: MailTransport
    config?: Partial<HandlerConfig>
    logger?: Logger
    clock?: () => Date
  } = {},
) {
  const store = createSqlLeadStore(database.db)
  const mail = overrides.mail ?? recordingMail()
  const logger = overrides.logger ?? capturingLogger()
  // The work each answer leaves running (sending held mails); settled() waits for all of it.
  const background: Promise<unknown>[] = []
  const handle = createHandler({
    store,
    mail,
    logger,
    config: { ...testConfig, ...overrides.config },
    clock: overrides.clock,
    waitUntil: (work) => background.push(work),
  })
  const settled = () => Promise.all(background)
  return { handle, store, mail, logger, settled }
}

/** A clock the test moves by hand. */
export function fakeClock(start = '2026-11-25T09:10:00Z') {
  let now = new Date(start)
  return {
    now: () => now,
    set: (at: string) => {
      now = new Date(at)
    },
  }
}

/** Checks the function's answer to a stored request (200, `{ ok: true, id }`) and returns it. */
export async function expectAccepted(response: Response): Promise<{ ok: true; id: string }> {
  expect(response.status).toBe(200)
  const answer = await response.json()
  expect(answer).toEqual({ ok: true, id: expect.any(String) })
  return answer
}

/** A request as the store takes it, written directly rather than by the handler. */
export const newLead = (fields: Partial<NewContactRequest> = {}): NewContactRequest => ({
  kind: 'contact',
  title: null,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '',
  company: null,
  message: 'Stored, then the instance stopped.',
  page: null,
  userAgent: null,
  clientHash: 'h',
  requestId: null,
  status: 'received',
  spamReason: null,
  antiBotFields: true,
  ...fields,
})

/** A request as the store gives it back: `newLead`'s, stored and never mailed. */
export const storedLead = (fields: Partial<StoredContactRequest> = {}): StoredContactRequest => ({
  ...newLead(),
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-25T09:00:00.000Z',
  attempts: 0,
  transport: null,
  lastError: null,
  nextAttemptAt: null,
  ...fields,
})
