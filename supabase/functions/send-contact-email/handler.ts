// The send-contact-email function on web-standard Request/Response only, so the same module runs
// on Supabase's Edge Runtime (Deno) and in the local Node server.
import { decideCors } from '../_shared/cors.ts'
import {
  contactRequestSchema,
  fieldErrors,
  parseRequestMessage,
  type ContactRequest,
} from '../_shared/contact-request.ts'
import type { HandlerConfig } from './config.ts'
import { deliverContactRequest } from './deliver.ts'
import type { LeadStore } from './lead-store.ts'
import { consoleLogger, describeError, type Logger } from './logger.ts'
import type { MailTransport } from './mail-transport.ts'

export interface HandlerDeps {
  store: LeadStore
  mail: MailTransport
  config: HandlerConfig
  logger?: Logger
}

/** What the server knows about the connection beyond the request itself. */
export interface ConnectionInfo {
  clientAddress?: string
}

export type ContactHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>

type Answer = { status: number; body: Record<string, unknown> | null; headers?: HeadersInit }

const encoder = new TextEncoder()

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

export function createHandler(deps: HandlerDeps): ContactHandler {
  const { store, mail, config } = deps
  const logger = deps.logger ?? consoleLogger

  function clientAddressOf(request: Request, connection?: ConnectionInfo): string {
    if (config.clientAddressHeader) {
      const forwarded = request.headers.get(config.clientAddressHeader)?.split(',')[0]?.trim()
      if (forwarded) return forwarded
    }
    return connection?.clientAddress ?? 'unknown'
  }

  async function storeAndMail(
    request: Request,
    submission: ContactRequest,
    clientHash: string,
    requestId: string,
  ): Promise<Answer> {
    const described = parseRequestMessage(submission.message)
    const stored = await store.insertContactRequest({
      kind: described.kind,
      title: described.title,
      name: submission.name,
      email: submission.email,
      phone: submission.phone,
      company: described.company,
      message: submission.message,
      page: pageOf(request.headers.get('referer')),
      userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
      clientHash,
    })
    logger.info('contact_request.stored', {
      requestId,
      contactRequestId: stored.id,
      kind: stored.kind,
    })
    try {
      await deliverContactRequest(stored, { store, mail, logger, requestId })
    } catch (error) {
      // The row exists, so the lead is safe; only the delivery bookkeeping failed.
      logger.error('delivery.bookkeeping_failed', {
        requestId,
        contactRequestId: stored.id,
        error: describeError(error),
      })
    }
    return { status: 200, body: { ok: true, id: stored.id } }
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

    let json: unknown
    try {
      json = JSON.parse(new TextDecoder().decode(bytes))
    } catch {
      return {
        status: 400,
        body: { error: 'Body is not valid JSON', fields: { body: 'Not valid JSON' } },
      }
    }
    const parsed = contactRequestSchema.safeParse(json)
    if (!parsed.success) {
      return { status: 400, body: { error: 'Invalid request', fields: fieldErrors(parsed.error) } }
    }
    const submission = parsed.data

    // Bots get an answer that looks like success so they learn nothing; nothing is stored.
    const botReason =
      submission.website !== ''
        ? 'honeypot'
        : submission.elapsedMs < config.minSubmitMs
          ? 'too_fast'
          : null
    if (botReason) {
      logger.info('bot.dropped', { requestId, reason: botReason })
      return { status: 200, body: { ok: true, id: crypto.randomUUID() } }
    }

    const clientHash = await sha256Hex(
      `${config.clientHashSalt}:${clientAddressOf(request, connection)}`,
    )
    const retryAfter = await store.hitRateLimit(clientHash, config.rateLimit)
    if (retryAfter > 0) {
      logger.info('rate_limited', { requestId, retryAfter })
      return {
        status: 429,
        body: { error: 'Too many requests, please try again later' },
        headers: { 'Retry-After': String(retryAfter) },
      }
    }
    return storeAndMail(request, submission, clientHash, requestId)
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
