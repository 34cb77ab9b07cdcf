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

// Header lines must not carry line breaks from visitor input.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim()

/** Subject prefix of a mail sent while the database was unavailable: the mail is the only copy. */
export const NOT_STORED_PREFIX = '[NOT STORED] '
export const NOT_STORED_NOTE =
  'The database was unavailable: this request was NOT stored. This e-mail is its only copy.'

export function composeLeadEmail(
  request: StoredContactRequest,
  options: { notStored?: boolean } = {},
): OutgoingMail {
  const label = kindLabels[request.kind]
  const subject = oneLine(
    `${options.notStored ? NOT_STORED_PREFIX : ''}${label}${request.title ? `: ${request.title}` : ''} from ${request.name}`,
  ).slice(0, 250)
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
  return { subject, text, html, replyTo: request.email }
}
