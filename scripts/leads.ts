// npm run leads [-- --status failed --limit 20 --json]   prints stored requests, newest first
// npm run leads:retry                                     resends the rows whose mail failed
import { parseArgs } from 'node:util'
import type { StoredContactRequest } from '../supabase/functions/send-contact-email/lead-store.ts'
import { consoleLogger, describeError } from '../supabase/functions/send-contact-email/logger.ts'
import { openLeadsAccess } from '../server/leads-access.ts'

const { values } = parseArgs({
  options: {
    retry: { type: 'boolean', default: false },
    status: { type: 'string' },
    limit: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
})

const statusValues = ['received', 'sent', 'failed'] as const
type Status = (typeof statusValues)[number]
const isStatus = (value: string): value is Status =>
  (statusValues as readonly string[]).includes(value)

function formatRequest(request: StoredContactRequest): string {
  const what = request.title ? `${request.kind}: ${request.title}` : request.kind
  const error = request.lastError ? `  last error: ${request.lastError}` : ''
  const lines = [
    `${request.createdAt}  ${request.status.toUpperCase().padEnd(8)} ${what}  (attempts ${request.attempts})${error}`,
    `  ${request.name} <${request.email}>${request.phone ? `  ${request.phone}` : ''}${request.company ? `  ${request.company}` : ''}`,
    ...request.message.split('\n').map((line) => `  | ${line}`),
    `  id ${request.id}${request.page ? `  page ${request.page}` : ''}`,
  ]
  return lines.join('\n')
}

async function main(): Promise<number> {
  if (values.status !== undefined && !isStatus(values.status)) {
    console.error(`--status must be one of ${statusValues.join(', ')}`)
    return 2
  }
  const access = await openLeadsAccess({ dataDir: values['data-dir'], logger: consoleLogger })
  try {
    if (values.retry) {
      const report = await access.retryFailed()
      console.log(
        `Retried ${report.attempted} failed request(s): ${report.sent} sent, ${report.failed} still failing.`,
      )
      return report.failed > 0 ? 1 : 0
    }
    const requests = await access.list({
      status: values.status as Status | undefined,
      limit: Number(values.limit) || 50,
    })
    if (values.json) {
      console.log(JSON.stringify(requests, null, 2))
    } else if (requests.length === 0) {
      console.log('No contact requests stored yet.')
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
