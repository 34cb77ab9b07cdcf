// A checked submission as the row it becomes: its kind, title and company read back from the
// message, where it came from (its page: client-address.ts), whether a bot sent it, and whether
// it carried the anti-bot fields.
import {
  ELAPSED_FIELD,
  HONEYPOT_FIELD,
  parseRequestMessage,
  type ContactRequest,
} from '../_shared/contact-request.ts'
import { clientAddressOf, pageOf, type ConnectionInfo } from './client-address.ts'
import type { HandlerConfig } from './config.ts'
import type { NewContactRequest } from './lead-store.ts'
import { sha256Hex } from './sha256.ts'
import { judgeSpam } from './spam.ts'

/** Whether a submission carried both anti-bot fields, as the site's forms always send them. */
export const hasAntiBotFields = (submission: Record<string, unknown>): boolean =>
  submission[HONEYPOT_FIELD] !== undefined && submission[ELAPSED_FIELD] !== undefined

export async function newLead(
  submission: ContactRequest,
  request: Request,
  connection: ConnectionInfo | undefined,
  config: HandlerConfig,
): Promise<NewContactRequest> {
  const described = parseRequestMessage(submission.message)
  const spamReason = judgeSpam(submission, config.minSubmitMs)
  return {
    kind: described.kind,
    title: described.title,
    name: submission.name,
    email: submission.email,
    phone: submission.phone,
    company: described.company,
    message: submission.message,
    page: pageOf(submission.pagePath, request.headers, config.allowedOrigins),
    userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
    clientHash: await sha256Hex(
      `${config.clientHashSalt}:${clientAddressOf(request.headers, connection, config)}`,
    ),
    requestId: submission.requestId?.toLowerCase() ?? null,
    status: spamReason ? 'spam' : 'received',
    spamReason,
    antiBotFields: hasAntiBotFields(submission),
  }
}
