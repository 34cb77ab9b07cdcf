// The send-contact-email function on web-standard Request/Response only, so the same module runs
// on Supabase's Edge Runtime (Deno) and in the local Node server.
import { decideCors } from '../_shared/cors.ts'
import {
  BODY_ERRORS,
  contactRequestSchema,
  ELAPSED_FIELD,
  fieldErrors,
  HONEYPOT_FIELD,
  parseRequestMessage,
} from '../_shared/contact-request.ts'
import { RELEASE_HELD_HEADER, type HandlerConfig } from './config.ts'
import { deliverContactRequest } from './deliver.ts'
import { composeLeadEmail } from './lead-email.ts'
import {
  mailBudgetHour,
  type InsertResult,
  type LeadStore,
  type MailBudget,
  type NewContactRequest,
  type StoredContactRequest,
} from './lead-store.ts'
import { consoleLogger, describeError, type Logger } from './logger.ts'
import type { MailTransport } from './mail-transport.ts'
import { judgeSpam } from './spam.ts'

export interface HandlerDeps {
  store: LeadStore
  mail: MailTransport
  config: HandlerConfig
  logger?: Logger
  /** Now, for the hour of the mail budget; tests pass a fake clock. */
  clock?: () => Date
  /**
   * Keeps work after the answer alive (Supabase: EdgeRuntime.waitUntil). Default: the promise
   * simply runs on, which is right for a long-lived Node process.
   */
  waitUntil?: (work: Promise<unknown>) => void
}

/** What the server knows about the connection beyond the request itself. */
export interface ConnectionInfo {
  clientAddress?: string
}

export type ContactHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>

type Answer = { status: number; body: Record<string, unknown> | null; headers?: HeadersInit }

const encoder = new TextEncoder()
// fatal: bytes that are not UTF-8 are refused, not turned into U+FFFD and stored.
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The answer when neither the database nor the mail provider took the request. */
export const UNAVAILABLE_ERROR =
  'Service unavailable: the request could not be stored or mailed. Please try again later.'

class StoreUnavailable extends Error {
  override name = 'StoreUnavailable'
  /** The insert, when it was the call that timed out: it may still land after the answer. */
  lateInsert?: Promise<InsertResult>
}

/** Rejects when the database call takes longer than `ms`: a hanging database is a down one. */
function withinTime<T>(work: Promise<T>, ms: number, action: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailable(`${action} timed out after ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(value))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function isJsonContentType(value: string | null): boolean {
  if (!value) return false
  const mediaType = (value.split(';')[0] ?? '').trim().toLowerCase()
  return mediaType === 'application/json'
}

async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

// Only the page's origin and path: query strings can carry things that are not ours to keep.
function pageOf(referer: string | null): string | null {
  if (!referer) return null
  try {
    const url = new URL(referer)
    return `${url.origin}${url.pathname}`.slice(0, 500)
  } catch {
    return null
  }
}

/**
 * The client's address: with `trustedProxyHops` proxies in front, the entry the outermost trusted
 * proxy appended to the forwarding header, counted from the right. What the client wrote itself
 * sits further left and is never read. A header with fewer entries than that did not come
 * through the proxies as configured: the socket address is used, never a client-written entry.
 */
export function clientAddressOf(
  headers: Headers,
  connection: ConnectionInfo | undefined,
  config: Pick<HandlerConfig, 'trustedProxyHops' | 'clientAddressHeader'>,
): string {
  const socket = connection?.clientAddress ?? 'unknown'
  if (config.trustedProxyHops === 0) return socket
  // Several header lines of one name arrive joined with ', ', in order, as one list.
  const entries = (headers.get(config.clientAddressHeader) ?? '')
    .split(',')
    .map((entry) => entry.trim())
  const added = entries[entries.length - config.trustedProxyHops]
  return entries.length >= config.trustedProxyHops && added ? added : socket
}

/** Whether a submission carried both anti-bot fields, as the site's forms always send them. */
export const hasAntiBotFields = (submission: Record<string, unknown>): boolean =>
  submission[HONEYPOT_FIELD] !== undefined && submission[ELAPSED_FIELD] !== undefined

export function createHandler(deps: HandlerDeps): ContactHandler {
  const { store, mail, config } = deps
  const logger = deps.logger ?? consoleLogger
  const clock = deps.clock ?? (() => new Date())
  const waitUntil =
    deps.waitUntil ??
    ((work: Promise<unknown>) => {
      void work
    })

  const mailBudget = (): MailBudget => ({
    hour: mailBudgetHour(clock()),
    max: config.mailBudgetPerHour,
    unverifiedMax: Math.min(config.unverifiedMailBudgetPerHour, config.mailBudgetPerHour),
  })

  // One release pass at a time per instance; the SQL function keeps instances apart.
  let releasing: Promise<void> | null = null

  // Inserts that timed out and may still land, by the browser's request id (see settleLateInsert).
  const unsettledInserts = new Map<string, Promise<unknown>>()

  /**
   * Sends held mails, oldest first, as far as the hour's budget allows. Runs after an answer, so
   * the first request of a new hour sends what the last one held, without waiting for it.
   */
  function releaseHeldMails(requestId: string): Promise<void> {
    if (releasing) return releasing
    releasing = (async () => {
      const budget = mailBudget()
      // The budget bounds the loop; the count guards against a store that never says null.
      for (let released = 0; released < budget.max; released++) {
        const row = await store.releaseHeld(budget)
        if (!row) break
        logger.info('contact_request.released', { requestId, contactRequestId: row.id })
        await deliverContactRequest(row, { store, mail, logger, requestId })
      }
    })()
      .catch((error: unknown) => {
        logger.error('held.release_failed', { requestId, error: describeError(error) })
      })
      .finally(() => {
        releasing = null
      })
    waitUntil(releasing)
    return releasing
  }

  /** The scheduled call (pg_cron): is this the configured secret? Compared in constant time. */
  async function isReleaseCall(request: Request): Promise<boolean | null> {
    const offered = request.headers.get(RELEASE_HELD_HEADER)
    if (offered === null) return null
    if (!config.releaseHeldToken) return false
    const [a, b] = await Promise.all([sha256Hex(offered), sha256Hex(config.releaseHeldToken)])
    let difference = 0
    for (let index = 0; index < a.length; index++)
      difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
    return difference === 0
  }

  const database = <T>(work: () => Promise<T>, action: string) =>
    withinTime(
      work().catch((error: unknown) => {
        throw new StoreUnavailable(`${action}: ${describeError(error)}`)
      }),
      config.storeTimeoutMs,
      action,
    )

  const unavailable = (requestId: string): Answer => ({
    status: 503,
    body: { error: UNAVAILABLE_ERROR, requestId },
    headers: { 'Retry-After': '60' },
  })

  const accepted = (row: Pick<StoredContactRequest, 'id'>): Answer => ({
    status: 200,
    body: { ok: true, id: row.id },
  })

  /** Stores the request, then mails it unless it is spam or a repeat; throws StoreUnavailable. */
  async function storeAndMail(lead: NewContactRequest, requestId: string): Promise<Answer> {
    // A copy of this request whose insert timed out here may still land, and then it is mailed
    // (settleLateInsert): this one waits, so that the lead is not mailed twice.
    if (lead.requestId && unsettledInserts.has(lead.requestId)) {
      logger.info('contact_request.still_storing', { requestId, clientRequestId: lead.requestId })
      return unavailable(requestId)
    }
    // A repeated request id is the request already received: the first answer again, no mail.
    if (lead.requestId) {
      const first = await database(() => store.findByRequestId(lead.requestId!), 'find request')
      if (first) {
        logger.info('contact_request.repeated', { requestId, contactRequestId: first.id })
        return accepted(first)
      }
    }
    // A request without the anti-bot fields counts on the same counter, with a lower ceiling.
    const rateLimit = lead.antiBotFields
      ? config.rateLimit
      : { ...config.rateLimit, max: Math.min(config.unverifiedRateLimitMax, config.rateLimit.max) }
    const retryAfter = await database(
      () => store.hitRateLimit(lead.clientHash, rateLimit),
      'rate limit',
    )
    if (retryAfter > 0) {
      logger.info('rate_limited', { requestId, retryAfter })
      return {
        status: 429,
        body: { error: 'Too many requests, please try again later' },
        headers: { 'Retry-After': String(retryAfter) },
      }
    }
    // Past the hour's mail budget the request is still stored and answered; its mail is held.
    if (lead.status === 'received') {
      const budget = mailBudget()
      const max = lead.antiBotFields ? budget.max : budget.unverifiedMax
      const granted = await database(() => store.takeMailBudget(budget.hour, max), 'mail budget')
      if (!granted) lead = { ...lead, status: 'held' }
    }
    const inserting = store.insertContactRequest(lead)
    const { row, created } = await database(() => inserting, 'insert').catch((error: unknown) => {
      if (error instanceof StoreUnavailable) error.lateInsert = inserting
      throw error
    })
    if (!created) {
      // The same request id arrived twice at once; the other one mails it.
      logger.info('contact_request.repeated', { requestId, contactRequestId: row.id })
      return accepted(row)
    }
    if (row.status === 'spam') {
      logger.info('contact_request.spam', {
        requestId,
        contactRequestId: row.id,
        reason: row.spamReason,
      })
      return accepted(row)
    }
    if (row.status === 'held') {
      logger.info('contact_request.held', {
        requestId,
        contactRequestId: row.id,
        antiBotFields: row.antiBotFields,
      })
      return accepted(row)
    }
    logger.info('contact_request.stored', { requestId, contactRequestId: row.id, kind: row.kind })
    try {
      await deliverContactRequest(row, { store, mail, logger, requestId })
    } catch (error) {
      // The row exists, so the lead is safe; only the delivery bookkeeping failed.
      logger.error('delivery.bookkeeping_failed', {
        requestId,
        contactRequestId: row.id,
        error: describeError(error),
      })
    }
    // The hour has budget left (this request got some): mail what earlier ones had to hold.
    void releaseHeldMails(requestId)
    return accepted(row)
  }

  /**
   * The database is down: the mail is now the only place the lead can go. Success only if a mail
   * provider accepted it (a log-only transport keeps nothing); otherwise 503, and the browser
   * keeps the request and sends it again later. An insert that timed out may still land: then
   * settleLateInsert makes sure the lead is mailed once, by this mail or by the row's.
   */
  async function mailUnstored(
    lead: NewContactRequest,
    requestId: string,
    storeError: StoreUnavailable,
  ): Promise<Answer> {
    const reference = lead.requestId ?? requestId
    logger.error('store.unavailable', {
      requestId,
      clientRequestId: lead.requestId,
      error: describeError(storeError),
    })
    const mailed = mailNotStored(lead, reference, requestId)
    if (storeError.lateInsert) settleLateInsert(storeError.lateInsert, mailed, lead, requestId)
    return (await mailed)
      ? { status: 200, body: { ok: true, id: reference, stored: false } }
      : unavailable(requestId)
  }

  /** Mails the lead marked "not stored"; whether a mail provider accepted it. */
  async function mailNotStored(
    lead: NewContactRequest,
    reference: string,
    requestId: string,
  ): Promise<boolean> {
    // Spam is never mailed; with nowhere to keep it, the sender may try again later.
    if (lead.status === 'spam' || !mail.delivers) return false
    const unstored: StoredContactRequest = {
      ...lead,
      id: reference,
      createdAt: new Date().toISOString(),
      status: 'received',
      attempts: 0,
      transport: null,
      lastError: null,
    }
    try {
      await mail.send(composeLeadEmail(unstored, { notStored: true }))
    } catch (error) {
      logger.error('mail.failed', {
        requestId,
        clientRequestId: lead.requestId,
        transport: mail.name,
        error: describeError(error),
      })
      return false
    }
    logger.error('contact_request.mailed_not_stored', {
      requestId,
      clientRequestId: lead.requestId,
      transport: mail.name,
    })
    return true
  }

  /**
   * One mail per lead when an insert timed out but lands later. Whoever finishes the insert
   * settles the mail: if the "not stored" mail went out, the late row is marked sent, so neither
   * the held-mail release nor `leads:retry` mails it again; if it did not, a late `received` row
   * is mailed now (the visitor was answered 503, and the browser's resend will find the row and
   * mail nothing), and a late `held` row waits for the release like any other. Until the insert
   * settles, a resend of the same request on this instance is answered 503 (storeAndMail).
   */
  function settleLateInsert(
    inserting: Promise<InsertResult>,
    mailed: Promise<boolean>,
    lead: NewContactRequest,
    requestId: string,
  ) {
    const clientRequestId = lead.requestId
    const work = (async () => {
      let inserted: InsertResult
      try {
        inserted = await inserting
      } catch {
        return // never stored: the mail, or the browser's resend, is the lead's only copy
      }
      const { row, created } = inserted
      if (!created) return // an earlier copy was stored: its own answer mails it
      logger.info('contact_request.stored_late', { requestId, contactRequestId: row.id })
      if (await mailed) await store.recordDelivery(row.id, { status: 'sent', transport: mail.name })
      else if (row.status === 'received')
        await deliverContactRequest(row, { store, mail, logger, requestId })
    })()
      .catch((error: unknown) => {
        logger.error('delivery.bookkeeping_failed', { requestId, error: describeError(error) })
      })
      .finally(() => {
        if (clientRequestId && unsettledInserts.get(clientRequestId) === work)
          unsettledInserts.delete(clientRequestId)
      })
    if (clientRequestId) unsettledInserts.set(clientRequestId, work)
    waitUntil(work)
  }

  async function answer(
    request: Request,
    requestId: string,
    connection?: ConnectionInfo,
  ): Promise<Answer> {
    if (request.method !== 'POST') {
      return {
        status: 405,
        body: { error: 'Method not allowed' },
        headers: { Allow: 'POST, OPTIONS' },
      }
    }
    const releaseCall = await isReleaseCall(request)
    if (releaseCall === false) {
      logger.info('release_held.refused', { requestId })
      return { status: 403, body: { error: 'Not allowed' } }
    }
    if (releaseCall) {
      // Answered at once; the sending goes on in the background (waitUntil on Supabase).
      void releaseHeldMails(requestId)
      logger.info('release_held.started', { requestId })
      return { status: 202, body: { ok: true, releasing: true } }
    }
    if (!isJsonContentType(request.headers.get('content-type'))) {
      return { status: 415, body: { error: 'Content-Type must be application/json' } }
    }
    const tooLarge: Answer = {
      status: 413,
      body: { error: `Body must be at most ${config.maxBodyBytes} bytes` },
    }
    const declaredLength = Number(request.headers.get('content-length') ?? '0')
    if (declaredLength > config.maxBodyBytes) return tooLarge
    let bytes: Uint8Array | null
    try {
      bytes = await readBodyWithin(request, config.maxBodyBytes)
    } catch {
      return { status: 400, body: { error: 'Body could not be read' } }
    }
    if (bytes === null) return tooLarge

    let text: string
    try {
      text = utf8.decode(bytes)
    } catch {
      return { status: 400, body: BODY_ERRORS.notUtf8 }
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return { status: 400, body: BODY_ERRORS.notJson }
    }
    const parsed = contactRequestSchema.safeParse(json)
    if (!parsed.success) {
      return { status: 400, body: { error: 'Invalid request', fields: fieldErrors(parsed.error) } }
    }
    const submission = parsed.data
    const antiBotFields = hasAntiBotFields(submission)
    const described = parseRequestMessage(submission.message)
    const spamReason = judgeSpam(submission, config.minSubmitMs)
    const lead: NewContactRequest = {
      kind: described.kind,
      title: described.title,
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      company: described.company,
      message: submission.message,
      page: pageOf(request.headers.get('referer')),
      userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
      clientHash: await sha256Hex(
        `${config.clientHashSalt}:${clientAddressOf(request.headers, connection, config)}`,
      ),
      requestId: submission.requestId?.toLowerCase() ?? null,
      status: spamReason ? 'spam' : 'received',
      spamReason,
      antiBotFields,
    }
    try {
      return await storeAndMail(lead, requestId)
    } catch (error) {
      if (error instanceof StoreUnavailable) return mailUnstored(lead, requestId, error)
      throw error
    }
  }

  return async function handleContactRequest(request, connection) {
    const requestId = crypto.randomUUID()
    const cors = decideCors(request.headers.get('origin'), config.allowedOrigins)
    const respond = ({ status, body, headers }: Answer) => {
      const responseHeaders = new Headers(cors.headers)
      responseHeaders.set('X-Request-Id', requestId)
      new Headers(headers).forEach((value, key) => responseHeaders.set(key, value))
      if (body === null) return new Response(null, { status, headers: responseHeaders })
      responseHeaders.set('Content-Type', 'application/json; charset=utf-8')
      return new Response(JSON.stringify(body), { status, headers: responseHeaders })
    }

    if (!cors.allowed) {
      logger.info('cors.refused', { requestId, origin: request.headers.get('origin') })
      return respond({ status: 403, body: { error: 'Origin not allowed' } })
    }
    if (request.method === 'OPTIONS') return respond({ status: 204, body: null })
    try {
      return respond(await answer(request, requestId, connection))
    } catch (error) {
      logger.error('request.failed', { requestId, error: describeError(error) })
      return respond({ status: 500, body: { error: 'Internal error', requestId } })
    }
  }
}
