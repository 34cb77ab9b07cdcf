// Turns a stored request into the mail the team receives. Visitor text is escaped in the HTML.
import type { StoredContactRequest } from './lead-store.ts'
import type { OutgoingMail } from './mail-transport.ts'

const htmlEntities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character)
}

const kindLabels = {
  contact: 'Contact message',
  guide: 'Guide request',
  scorecard: 'Scorecard request',
}

// What visitor text must never bring into a mail header (the subject, the reply-to): line breaks
// of any kind (CR, LF, U+0085 NEL, U+2028, U+2029), which can end a header line in some mail
// software, become a space; other control characters (C0, DEL, C1) and the bidirectional
// controls (U+061C, U+200E/U+200F marks, U+202A-U+202E embeddings and overrides, U+2066-U+2069
// isolates), which can make a subject read as something else, are removed. The stored row and
// the mail's body keep the visitor's text as written.
const HEADER_LINE_BREAKS = /[\r\n\u0085\u2028\u2029]+/g
// \p{Cc}: C0, DEL and C1.
const HEADER_INVISIBLE_CONTROLS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu

/** Visitor text made safe for a mail header: one line, no control or bidi characters. */
export function headerText(value: string): string {
  return value
    .replace(HEADER_LINE_BREAKS, ' ')
    .replace(HEADER_INVISIBLE_CONTROLS, '')
    .replace(/\s{2,}/g, ' ')
    .trim()
}

/** Subject prefix of a mail sent while the database was unavailable: the mail is the only copy. */
export const NOT_STORED_PREFIX = '[NOT STORED] '
export const NOT_STORED_NOTE =
  'The database was unavailable: this request was NOT stored. This e-mail is its only copy.'

/**
 * One key per stored lead, the same on every attempt: Resend answers a repeat within 24 hours
 * with the first answer and mails nothing (supabase/README.md, "One mail per lead across
 * retries"). Resend's advice is `<event-type>/<entity-id>`; keys may be up to 256 characters.
 */
export const leadIdempotencyKey = (id: string): string => `contact-request/${id}`

export function composeLeadEmail(
  request: StoredContactRequest,
  options: { notStored?: boolean } = {},
): OutgoingMail {
  const label = kindLabels[request.kind]
  const subject = `${options.notStored ? NOT_STORED_PREFIX : ''}${label}${request.title ? `: ${request.title}` : ''} from ${request.name}`
  const rows: [string, string][] = [
    ['Name', request.name],
    ['Email', request.email],
    ['Phone', request.phone || 'Not provided'],
    ['Company', request.company ?? 'Not provided'],
    ['Page', request.page ?? 'Unknown'],
    ['Received', request.createdAt],
    ['Reference', request.id],
  ]
  const text = [
    ...(options.notStored ? [NOT_STORED_NOTE, ''] : []),
    `${label}${request.title ? `: ${request.title}` : ''}`,
    '',
    ...rows.map(([key, value]) => `${key}: ${value}`),
    '',
    request.message,
  ].join('\n')
  const html = [
    ...(options.notStored ? [`<p><strong>${escapeHtml(NOT_STORED_NOTE)}</strong></p>`] : []),
    `<h2>${escapeHtml(label)}${request.title ? `: ${escapeHtml(request.title)}` : ''}</h2>`,
    '<table>',
    ...rows.map(
      ([key, value]) =>
        `<tr><th align="left">${escapeHtml(key)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p style="white-space:pre-wrap">${escapeHtml(request.message)}</p>`,
  ].join('\n')
  // Every header of the mail passes through headerText, here and nowhere else.
  return {
    // By code point, so a cut never leaves half a surrogate pair.
    subject: Array.from(headerText(subject)).slice(0, 250).join(''),
    text,
    html,
    replyTo: headerText(request.email),
    ...(options.notStored ? {} : { idempotencyKey: leadIdempotencyKey(request.id) }),
  }
}
