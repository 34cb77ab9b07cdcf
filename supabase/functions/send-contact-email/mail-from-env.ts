// Picks the mail transport from the environment: Resend when RESEND_API_KEY is set, else the log.
import type { Logger } from './logger.ts'
import { createLogMailTransport, type MailTransport } from './mail-transport.ts'
import { createResendMailTransport } from './resend-mail-transport.ts'

export type ReadEnv = (name: string) => string | undefined

export function mailTransportFromEnv(readEnv: ReadEnv, logger: Logger): MailTransport {
  const apiKey = readEnv('RESEND_API_KEY')?.trim()
  if (!apiKey) return createLogMailTransport(logger)
  const to = (readEnv('CONTACT_TO') ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
  const from = readEnv('CONTACT_FROM')?.trim()
  if (to.length === 0 || !from) {
    // Refusing to start would turn a config slip into lost leads. Keep accepting and storing them,
    // fail every send with the reason, and let `leads:retry` deliver once the config is fixed.
    const problem = 'RESEND_API_KEY is set, so CONTACT_TO and CONTACT_FROM must be set too'
    logger.error('mail.misconfigured', { problem })
    return {
      name: 'misconfigured',
      delivers: true,
      send: () => Promise.reject(new Error(problem)),
    }
  }
  return createResendMailTransport({ apiKey, to, from })
}
