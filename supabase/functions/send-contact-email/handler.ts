// The send-contact-email function on web-standard Request/Response only, so the same module runs
// on Supabase's Edge Runtime (Deno) and in the local Node server. It composes the jobs, each in a
// file of its own: CORS (../_shared/cors.ts), reading the body (request-body.ts), the lead and
// its client (new-lead.ts, client-address.ts), the limits (limits.ts), storing and mailing
// (store-and-mail.ts), the mail when the store is down (unstored-mail.ts), the held mails'
// release (held-mail-release.ts), and the calls carrying the release secret: the schedule's
// maintenance pass and the watch's counts (scheduled-call.ts).
import { decideCors } from '../_shared/cors.ts'
import type { Answer } from './answer.ts'
import type { ConnectionInfo } from './client-address.ts'
import { StoreUnavailable } from './database-call.ts'
import { handlerContext, type HandlerDeps } from './handler-context.ts'
import { heldMailRelease } from './held-mail-release.ts'
import { describeError } from './logger.ts'
import { newLead } from './new-lead.ts'
import { readSubmission } from './request-body.ts'
import { scheduledCalls, type PassReport } from './scheduled-call.ts'
import { storeAndMail } from './store-and-mail.ts'
import { unstoredMail } from './unstored-mail.ts'

export { UNAVAILABLE_ERROR } from './answer.ts'
export { clientAddressOf, type ConnectionInfo } from './client-address.ts'
export type { HandlerDeps } from './handler-context.ts'

export interface ContactHandler {
  (request: Request, connection?: ConnectionInfo): Promise<Response>
  /**
   * The scheduled call's pass without a request: the local server runs it on a timer, where
   * Supabase has pg_cron call the function.
   */
  runScheduledPass(): Promise<PassReport | null>
}

export function createHandler(deps: HandlerDeps): ContactHandler {
  const context = handlerContext(deps)
  const { config, logger } = context
  const held = heldMailRelease(context)
  const unstored = unstoredMail(context)
  const scheduled = scheduledCalls(context, held)
  const storeAndMailRequest = storeAndMail(context, held, unstored)

  async function answer(
    request: Request,
    requestId: string,
    connection?: ConnectionInfo,
  ): Promise<Answer> {
    // The secret is checked before anything is read: a wrong one, or none configured, is 403.
    const scheduledCall =
      request.method === 'POST' || request.method === 'GET'
        ? await scheduled.isScheduledCall(request)
        : null
    if (scheduledCall === false) {
      logger.info('scheduled_call.refused', { requestId, method: request.method })
      return { status: 403, body: { error: 'Not allowed' } }
    }
    if (scheduledCall) return scheduled.answer(request, requestId)
    if (request.method !== 'POST')
      return {
        status: 405,
        body: { error: 'Method not allowed' },
        headers: { Allow: 'POST, OPTIONS' },
      }
    const read = await readSubmission(request, config)
    if ('refused' in read) return read.refused
    const lead = await newLead(read.submission, request, connection, config)
    try {
      return await storeAndMailRequest(lead, requestId)
    } catch (error) {
      if (error instanceof StoreUnavailable) return unstored.answer(lead, requestId, error)
      throw error
    }
  }

  async function handleContactRequest(request: Request, connection?: ConnectionInfo) {
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

  return Object.assign(handleContactRequest, {
    runScheduledPass: () => scheduled.startPass(false, crypto.randomUUID()),
  })
}
