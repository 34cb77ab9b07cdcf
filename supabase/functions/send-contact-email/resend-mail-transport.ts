// Resend's REST API (POST https://api.resend.com/emails) called with fetch: no SDK needed.
import type { MailTransport } from './mail-transport.ts'

export interface ResendSettings {
  apiKey: string
  to: string[]
  from: string
  fetch?: typeof fetch
  timeoutMs?: number
  endpoint?: string
}

export const RESEND_ENDPOINT = 'https://api.resend.com/emails'

export function createResendMailTransport(settings: ResendSettings): MailTransport {
  const send = settings.fetch ?? fetch
  return {
    name: 'resend',
    delivers: true,
    async send(mail) {
      const response = await send(settings.endpoint ?? RESEND_ENDPOINT, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${settings.apiKey}`,
          'Content-Type': 'application/json',
          // A retry of a mail Resend took already (its answer lost) is answered, not mailed.
          ...(mail.idempotencyKey ? { 'Idempotency-Key': mail.idempotencyKey } : {}),
        },
        body: JSON.stringify({
          from: settings.from,
          to: settings.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          reply_to: mail.replyTo,
        }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
      })
      if (response.ok) {
        await response.body?.cancel()
        return
      }
      // Resend answers errors as { statusCode, name, message }.
      const detail = await response.text().catch(() => '')
      throw new Error(`Resend answered ${response.status}: ${detail.slice(0, 300)}`)
    },
  }
}
