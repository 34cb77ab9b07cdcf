// The two fields the send-contact-email function judges bots by (a honeypot people never see, and
// the time since the page loaded). See supabase/README.md. The request's id comes from
// pending-request.ts: it stays the same across the sends of one request.
import {
  ELAPSED_FIELD,
  HONEYPOT_FIELD,
  type RequestExtras,
} from '../../supabase/functions/_shared/contact-request.ts'

/** Off-screen and hidden from assistive technology; only a bot filling every input sees it. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

export type AntiBotFields = Omit<RequestExtras, 'requestId' | 'pagePath'>

/** What this send adds to the spec's four fields: the honeypot's value and the time since navigation. */
export function antiBotFields(form: HTMLFormElement): AntiBotFields {
  const honeypot = form.elements.namedItem(HONEYPOT_FIELD)
  return {
    honeypot: honeypot instanceof HTMLInputElement ? honeypot.value : '',
    elapsedMs: performance.now(),
  }
}

export { ELAPSED_FIELD, HONEYPOT_FIELD }
