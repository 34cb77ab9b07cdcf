// How a lead leaves the building. The handler only knows this interface.
import type { Logger } from './logger.ts'

export interface OutgoingMail {
  subject: string
  text: string
  html: string
  replyTo: string
  /**
   * The same for every attempt at one lead's mail (leadIdempotencyKey), so a provider that knows
   * it mails it once; absent for a `[NOT STORED]` mail, which has no row.
   */
  idempotencyKey?: string
}

export interface MailTransport {
  /** Recorded on the row as its transport ('resend', 'log', …). */
  readonly name: string
  /** false: send() only writes the mail to the log; nobody receives it (status `logged`). */
  readonly delivers: boolean
  /** Resolves once the provider accepted the mail; throws otherwise. */
  send(mail: OutgoingMail): Promise<void>
}

/** Used when no mail provider is configured: the lead is in the table, the log says so. */
export function createLogMailTransport(logger: Logger): MailTransport {
  return {
    name: 'log',
    delivers: false,
    send(mail) {
      logger.info('mail.logged', { subject: mail.subject, replyTo: mail.replyTo })
      return Promise.resolve()
    },
  }
}
