// The two fields the send-contact-email function judges bots by (a honeypot people never see, and
// the time since the page loaded), and the request's id. See supabase/README.md.
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

/**
 * What the form adds to the spec's four fields: a new id for this request (a repeat of it is
 * stored once), the honeypot's value and the time since navigation.
 */
export function requestExtras(form: HTMLFormElement): RequestExtras {
  const honeypot = form.elements.namedItem(HONEYPOT_FIELD)
  return {
    requestId: crypto.randomUUID(),
    honeypot: honeypot instanceof HTMLInputElement ? honeypot.value : '',
    elapsedMs: performance.now(),
  }
}

export { ELAPSED_FIELD, HONEYPOT_FIELD }
