// npm run leads [-- --status failed --limit 20 --json]   prints stored requests, newest first
// npm run leads -- --spam                                 the requests judged as spam
// npm run leads -- --release ID                           releases one from spam and mails it
// npm run leads -- --purge                                deletes spam older than 30 days
// npm run leads:retry                                     resends failed and held rows, and
//                                                         logged ones once RESEND_API_KEY is set
import { parseArgs } from 'node:util'
import {
  DELIVERY_STATUSES,
  isDeliveryStatus,
  type StoredContactRequest,
} from '../supabase/functions/send-contact-email/lead-store.ts'
import { consoleLogger, describeError } from '../supabase/functions/send-contact-email/logger.ts'
import { SPAM_REASONS, type SpamReason } from '../supabase/functions/send-contact-email/spam.ts'
import { openLeadsAccess } from '../server/leads-access.ts'

const { values } = parseArgs({
  options: {
    retry: { type: 'boolean', default: false },
    spam: { type: 'boolean', default: false },
    release: { type: 'string' },
    purge: { type: 'boolean', default: false },
    status: { type: 'string' },
    limit: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
})

const reasonText = (reason: string) =>
  reason in SPAM_REASONS ? `${reason}: ${SPAM_REASONS[reason as SpamReason]}` : reason

function formatRequest(request: StoredContactRequest): string {
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
      ? "\n  mail held: the hour's mail budget was spent; sent by the next hour's first request or npm run leads:retry"
      : ''
  const lines = [
    `${request.createdAt}  ${request.status.toUpperCase().padEnd(8)} ${what}  (attempts ${request.attempts}${via})${error}${spam}${unverified}${held}`,
    `  ${request.name} <${request.email}>${request.phone ? `  ${request.phone}` : ''}${request.company ? `  ${request.company}` : ''}`,
    ...request.message.split('\n').map((line) => `  | ${line}`),
    `  id ${request.id}${request.page ? `  page ${request.page}` : ''}`,
  ]
  return lines.join('\n')
}

async function main(): Promise<number> {
  if (values.status !== undefined && !isDeliveryStatus(values.status)) {
    console.error(`--status must be one of ${DELIVERY_STATUSES.join(', ')}`)
    return 2
  }
  if (values.spam && values.status !== undefined && values.status !== 'spam') {
    console.error('--spam lists spam; it cannot be combined with another --status')
    return 2
  }
  const access = await openLeadsAccess({ dataDir: values['data-dir'], logger: consoleLogger })
  try {
    if (values.retry) {
      const report = await access.retry()
      console.log(
        `Retried ${report.attempted} request(s): ${report.sent} sent, ${report.logged} only logged (no RESEND_API_KEY), ${report.failed} still failing.`,
      )
      return report.failed > 0 ? 1 : 0
    }
    if (values.release !== undefined) {
      const result = await access.release(values.release)
      if (!result.released) {
        console.error(`No spam request with id ${values.release}.`)
        return 1
      }
      const { delivery } = result
      console.log(
        `Released ${result.id} from spam; mail ${delivery.status} via ${delivery.transport}${delivery.status === 'failed' ? `: ${delivery.error} (npm run leads:retry sends it later)` : ''}.`,
      )
      return delivery.status === 'failed' ? 1 : 0
    }
    if (values.purge) {
      const report = await access.purgeSpam()
      console.log(
        `Purged ${report.purged} spam request(s) older than ${report.olderThanDays} days.`,
      )
      return 0
    }
    const requests = await access.list({
      status: values.spam
        ? 'spam'
        : isDeliveryStatus(values.status ?? '')
          ? values.status
          : undefined,
      limit: Number(values.limit) || 50,
    })
    if (values.json) {
      console.log(JSON.stringify(requests, null, 2))
    } else if (requests.length === 0) {
      console.log(values.spam ? 'No spam stored.' : 'No contact requests stored yet.')
    } else {
      console.log(requests.map(formatRequest).join('\n\n'))
    }
    return 0
  } finally {
    await access.close()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(describeError(error))
    process.exitCode = 1
  },
)
