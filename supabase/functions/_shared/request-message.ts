// The request dialogs (guides, scorecards) send the same four fields as the contact form; what
// was requested travels inside the message text (spec §7). This file writes and reads that text.

export type RequestKind = 'guide' | 'scorecard'
export type ContactKind = 'contact' | RequestKind

export interface RequestMessageParts {
  kind: RequestKind
  title: string
  company: string
  message: string
}

export interface DescribedMessage {
  kind: ContactKind
  title: string | null
  company: string | null
  /** What the visitor typed: the whole text for a contact message, the Message: part otherwise. */
  visitorMessage: string
}

const kindLabels: Record<RequestKind, string> = { guide: 'Guide', scorecard: 'Scorecard' }

export const COMPANY_NOT_PROVIDED = 'Not provided'

// A title or company with a line break would make the text ambiguous to parse back.
const singleLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ').trim()

export function composeRequestMessage({ kind, title, company, message }: RequestMessageParts) {
  const companyLine = singleLine(company) || COMPANY_NOT_PROVIDED
  return [
    `${kindLabels[kind]} Request: ${singleLine(title)}`,
    `Company: ${companyLine}`,
    `Message: ${message.trim()}`,
  ].join('\n')
}

const requestMessagePattern =
  /^(Guide|Scorecard) Request: ([^\r\n]*)\r?\nCompany: ([^\r\n]*)\r?\nMessage:(?: ?)([\s\S]*)$/

export function parseRequestMessage(text: string): DescribedMessage {
  const match = requestMessagePattern.exec(text)
  if (!match) return { kind: 'contact', title: null, company: null, visitorMessage: text }
  const [, label, title = '', company = '', visitorMessage = ''] = match
  return {
    kind: label === 'Guide' ? 'guide' : 'scorecard',
    title: title.trim(),
    company: company.trim() === COMPANY_NOT_PROVIDED ? null : company.trim() || null,
    visitorMessage: visitorMessage.trim(),
  }
}
