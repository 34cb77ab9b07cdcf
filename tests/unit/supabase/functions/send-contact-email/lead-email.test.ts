import { describe, expect, it } from 'vitest'
import {
  composeLeadEmail,
  escapeHtml,
} from '../../../../../supabase/functions/send-contact-email/lead-email.ts'
import type { StoredContactRequest } from '../../../../../supabase/functions/send-contact-email/lead-store.ts'
import { silentLogger } from '../../../../../supabase/functions/send-contact-email/logger.ts'
import { mailTransportFromEnv } from '../../../../../supabase/functions/send-contact-email/mail-from-env.ts'
import { capturingLogger } from '../../../helpers/function-fixtures.ts'
import { createResendMailTransport } from '../../../../../supabase/functions/send-contact-email/resend-mail-transport.ts'

const hostile: StoredContactRequest = {
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-22T14:00:00.000Z',
  kind: 'guide',
  title: 'System <Design>',
  name: 'Mallory <script>alert(1)</script>',
  email: 'mallory@example.com',
  phone: '',
  company: 'O\'Brien & "Sons"',
  message: 'Guide Request: System <Design>\nCompany: x\nMessage: <img src=x onerror=alert(1)>',
  page: 'http://localhost:3000/guides',
  userAgent: 'test',
  clientHash: 'f'.repeat(64),
  requestId: null,
  status: 'received',
  spamReason: null,
  antiBotFields: true,
  attempts: 0,
  transport: null,
  lastError: null,
  nextAttemptAt: null,
}

describe('composeLeadEmail', () => {
  it('escapes every piece of visitor text in the HTML body', () => {
    const mail = composeLeadEmail(hostile)
    expect(mail.html).not.toMatch(/<script>|<img|<Design>/)
    expect(mail.html).toContain('Mallory &lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.html).toContain('O&#39;Brien &amp; &quot;Sons&quot;')
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(mail.text).toContain('<img src=x onerror=alert(1)>')
    expect(mail.replyTo).toBe('mallory@example.com')
    expect(mail.subject).toBe(
      'Guide request: System <Design> from Mallory <script>alert(1)</script>',
    )
  })

  it('keeps line breaks out of the subject', () => {
    expect(composeLeadEmail({ ...hostile, name: 'A\r\nBcc: x@y.z' }).subject).not.toMatch(/[\r\n]/)
  })

  it('names the page the lead came from in its Page row, or says it is unknown', () => {
    const page = 'https://www.example.com/resources/guides'
    const mail = composeLeadEmail({ ...hostile, page })
    expect(mail.text.split('\n')).toContain(`Page: ${page}`)
    expect(mail.html).toContain(`<tr><th align="left">Page</th><td>${page}</td></tr>`)
    expect(composeLeadEmail({ ...hostile, page: null }).text.split('\n')).toContain('Page: Unknown')
  })

  it('escapeHtml covers the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    )
  })
})

describe('Resend transport', () => {
  it('POSTs the mail to the Resend API with the key, sender and recipients', async () => {
    const calls: { url: string; init: RequestInit }[] = []
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init })
      return new Response('{"id":"re_123"}', { status: 200 })
    }) as typeof fetch
    const transport = createResendMailTransport({
      apiKey: 're_secret',
      to: ['team@example.com'],
      from: 'Site <site@example.com>',
      fetch: fakeFetch,
    })
    await transport.send(composeLeadEmail(hostile))
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('https://api.resend.com/emails')
    expect(calls[0]!.init.method).toBe('POST')
    const headers = new Headers(calls[0]!.init.headers)
    expect(headers.get('authorization')).toBe('Bearer re_secret')
    expect(headers.get('content-type')).toBe('application/json')
    const body = JSON.parse(String(calls[0]!.init.body))
    expect(body).toMatchObject({
      from: 'Site <site@example.com>',
      to: ['team@example.com'],
      reply_to: 'mallory@example.com',
      subject: expect.stringContaining('Guide request'),
    })
    expect(body.html).not.toContain('<script>')
    // One key per lead, as Resend documents it: 1 to 256 characters.
    expect(headers.get('idempotency-key')).toBe(`contact-request/${hostile.id}`)
    expect(headers.get('idempotency-key')!.length).toBeLessThanOrEqual(256)
  })

  it('sends a "not stored" mail without an idempotency key: it has no row', async () => {
    const calls: RequestInit[] = []
    const transport = createResendMailTransport({
      apiKey: 'k',
      to: ['a@b.co'],
      from: 'c@d.co',
      fetch: (async (_url: string, init: RequestInit) => {
        calls.push(init)
        return new Response('{"id":"re_1"}', { status: 200 })
      }) as typeof fetch,
    })
    await transport.send(composeLeadEmail(hostile, { notStored: true }))
    expect(new Headers(calls[0]!.headers).has('idempotency-key')).toBe(false)
  })

  it('throws with the status and Resend error text on a failed answer', async () => {
    const fakeFetch = (async () =>
      new Response('{"statusCode":422,"name":"validation_error","message":"Invalid `from`"}', {
        status: 422,
      })) as typeof fetch
    const transport = createResendMailTransport({
      apiKey: 'k',
      to: ['a@b.co'],
      from: 'c@d.co',
      fetch: fakeFetch,
    })
    await expect(transport.send(composeLeadEmail(hostile))).rejects.toThrow(/422.*Invalid `from`/)
  })

  it('throws when the network fails', async () => {
    const fakeFetch = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof fetch
    const transport = createResendMailTransport({
      apiKey: 'k',
      to: ['a@b.co'],
      from: 'c@d.co',
      fetch: fakeFetch,
    })
    await expect(transport.send(composeLeadEmail(hostile))).rejects.toThrow('fetch failed')
  })
})

describe('mailTransportFromEnv', () => {
  it('logs only when RESEND_API_KEY is not set', () => {
    expect(mailTransportFromEnv(() => undefined, silentLogger).name).toBe('log')
  })

  it('uses Resend when the key, CONTACT_TO and CONTACT_FROM are set', () => {
    const env: Record<string, string> = {
      RESEND_API_KEY: 'k',
      CONTACT_TO: 'a@b.co, c@d.co',
      CONTACT_FROM: 'site@b.co',
    }
    expect(mailTransportFromEnv((name) => env[name], silentLogger).name).toBe('resend')
  })

  it('a key without recipients fails each send with the reason, so rows stay failed and retryable', async () => {
    const logger = capturingLogger()
    const transport = mailTransportFromEnv(
      (name) => (name === 'RESEND_API_KEY' ? 'k' : undefined),
      logger,
    )
    expect(transport.name).toBe('misconfigured')
    expect(logger.lines.map((line) => line.event)).toEqual(['mail.misconfigured'])
    await expect(transport.send(composeLeadEmail(hostile))).rejects.toThrow(/CONTACT_TO/)
  })
})
