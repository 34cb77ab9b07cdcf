// How `npm run leads` prints one stored request: status, what it is, its delivery (attempts,
// transport, last error, next try), who sent it, the message, and its id.
import type { StoredContactRequest } from '../../supabase/functions/send-contact-email/lead-store.ts'
import { SPAM_REASONS, type SpamReason } from '../../supabase/functions/send-contact-email/spam.ts'

const reasonText = (reason: string) =>
  reason in SPAM_REASONS ? `${reason}: ${SPAM_REASONS[reason as SpamReason]}` : reason

/** A failed row's next try, or that there is none and how to send it anyway. */
function retryText(request: StoredContactRequest): string {
  if (request.status !== 'failed') return ''
  return request.nextAttemptAt
    ? `\n  next try ${request.nextAttemptAt} (automatic; npm run leads:retry sends it now)`
    : `\n  no further try after ${request.attempts} attempts; npm run leads:retry sends it`
}

export function formatRequest(request: StoredContactRequest): string {
  const what = request.title ? `${request.kind}: ${request.title}` : request.kind
  const via = request.transport ? `, via ${request.transport}` : ''
  const error = request.lastError ? `  last error: ${request.lastError}` : ''
  const spam = request.spamReason
    ? `\n  ${request.status === 'spam' ? 'spam' : 'released from spam'} (${reasonText(request.spamReason)})`
    : ''
  const unverified = request.antiBotFields
    ? ''
    : '\n  without anti-bot fields (honeypot, timing): tighter rate limit and mail budget'
  const held =
    request.status === 'held'
      ? "\n  mail held: the hour's mail budget was spent; sent within a later hour's budget, or now by npm run leads:retry"
      : ''
  const lines = [
    `${request.createdAt}  ${request.status.toUpperCase().padEnd(8)} ${what}  (attempts ${request.attempts}${via})${error}${retryText(request)}${spam}${unverified}${held}`,
    `  ${request.name} <${request.email}>${request.phone ? `  ${request.phone}` : ''}${request.company ? `  ${request.company}` : ''}`,
    ...request.message.split('\n').map((line) => `  | ${line}`),
    `  id ${request.id}${request.page ? `  page ${request.page}` : ''}`,
  ]
  return lines.join('\n')
}
