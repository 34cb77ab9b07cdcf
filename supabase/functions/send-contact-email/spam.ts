// Which requests are judged as a bot's. A judged request is not dropped: it is stored with status
// `spam` and its reason, never mailed, and can be released (`npm run leads -- --release ID`).
//
// The quick-submit rule on its own misjudged people: browser autofill fills name and e-mail in
// one tap, and a guide request needs nothing else, so an honest request can come well under three
// seconds after the page opened. Time is therefore only one signal and never enough alone: a
// quick submission is spam only when it also carries a link, the payload of nearly every form
// spam bot and of almost no autofilled request. The honeypot, which no person can see or reach,
// is enough alone. Absent anti-bot fields are not judged as spam (a client that follows the spec
// sends only name, email, phone and message), but such a request is marked on its row and has
// tighter limits: see hasAntiBotFields in handler.ts and "Abuse limits" in supabase/README.md.
import type { ContactRequest } from '../_shared/contact-request.ts'

export const SPAM_REASONS = {
  honeypot: 'the hidden website field was filled',
  quick_with_link: 'sent sooner than a person could type it, and carrying a link',
} as const
export type SpamReason = keyof typeof SPAM_REASONS

const LINK_PATTERN = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]{2,}/i

export function judgeSpam(
  submission: Pick<ContactRequest, 'name' | 'message' | 'website' | 'elapsedMs'>,
  minSubmitMs: number,
): SpamReason | null {
  if (submission.website) return 'honeypot'
  const quick = submission.elapsedMs !== undefined && submission.elapsedMs < minSubmitMs
  const hasLink = LINK_PATTERN.test(submission.name) || LINK_PATTERN.test(submission.message)
  if (quick && hasLink) return 'quick_with_link'
  return null
}
