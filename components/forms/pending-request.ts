// One visitor's one request across its sends. A failed form keeps its values (spec §4), so the
// visitor may press Send again while a copy is also kept in this browser to be sent later
// (kept-requests.ts): both carry the same requestId, which the function stores once, so one
// request is one row and one mail however many times, and by whichever path, it is sent. The
// kept copy follows the visitor's edits, and when it is sent later while the form still shows
// it, the form behaves as after a send of its own.
import { useEffect, useEffectEvent, useRef } from 'react'
import type {
  ContactKind,
  FormRequestBody,
  RequestExtras,
} from '../../supabase/functions/_shared/contact-request.ts'
import type { AntiBotFields } from './anti-bot.tsx'
import {
  discardKeptRequest,
  keepRequest,
  KEPT_REQUEST_SENT_EVENT,
  type KeptRequestSent,
} from './kept-requests.ts'
import { submitRequest, type SubmitResult } from './submit-request.ts'

/** What a request is about: the item requested (a guide's or scorecard's title), or none. */
export interface RequestSubject {
  kind: ContactKind
  title: string | null
}

/** The body of one send, from the form's values and this send's extras. */
export type BuildBody = (extras: RequestExtras) => FormRequestBody

interface Pending {
  subject: RequestSubject
  requestId: string
  /** While a copy is kept in this browser: the extras it was kept with. */
  kept: RequestExtras | null
}

/**
 * What one send adds to the form's values: the anti-bot fields, the request's id, and the path
 * of the page it is written on, kept with it: a kept copy sent later from another page still
 * names this one (the function joins it to the site's origin: new-lead.ts).
 */
export const sendExtras = (antiBot: AntiBotFields, requestId: string): RequestExtras => ({
  ...antiBot,
  requestId,
  pagePath: window.location.pathname,
})

const sameSubject = (a: RequestSubject, b: RequestSubject) =>
  a.kind === b.kind && a.title === b.title

/**
 * `send` submits the form's request with the request's one id; it answers null when the kept
 * copy was sent meanwhile (the form already showed that). `edited` keeps the kept copy in step
 * with the form: call it on every change; its argument gives the body for the new values, or
 * null while they are not sendable (then the last sendable copy stays kept). `onSentLater(subject)` runs when the kept
 * copy is sent while this form still shows it.
 */
export function usePendingRequest(onSentLater: (subject: RequestSubject) => void) {
  const pending = useRef<Pending | null>(null)
  // The last request this form saw sent: its kept copy may still arrive a moment later.
  const sent = useRef<string | null>(null)
  const sentLater = useEffectEvent(onSentLater)

  useEffect(() => {
    const onSent = (event: Event) => {
      const { requestId } = (event as CustomEvent<KeptRequestSent>).detail
      // Sent again by hand and by the kept copy at once: the form already said so, once.
      if (requestId === sent.current) return event.preventDefault()
      const current = pending.current
      if (current?.requestId !== requestId) return
      pending.current = null
      sent.current = requestId
      event.preventDefault() // the form says it was sent, in its own words
      sentLater(current.subject)
    }
    window.addEventListener(KEPT_REQUEST_SENT_EVENT, onSent)
    return () => window.removeEventListener(KEPT_REQUEST_SENT_EVENT, onSent)
  }, [])

  async function send(
    subject: RequestSubject,
    antiBot: AntiBotFields,
    build: BuildBody,
  ): Promise<SubmitResult | null> {
    // Another item requested from the same dialog is another request.
    if (!pending.current || !sameSubject(pending.current.subject, subject))
      pending.current = { subject, requestId: crypto.randomUUID(), kept: null }
    const current = pending.current
    const extras = sendExtras(antiBot, current.requestId)
    const result = await submitRequest(build(extras), subject)
    if (pending.current !== current) return null
    if (result.outcome === 'sent' || result.outcome === 'preview') {
      // The function has it: a copy kept by an earlier failure must not be sent again.
      if (current.kept) discardKeptRequest(current.requestId)
      sent.current = current.requestId
      pending.current = null
    } else if (result.outcome === 'kept') current.kept = extras
    return result
  }

  function edited(bodyFor: (subject: RequestSubject) => BuildBody | null) {
    const current = pending.current
    const build = current?.kept && bodyFor(current.subject)
    if (!current?.kept || !build) return
    keepRequest({
      requestId: current.requestId,
      kind: current.subject.kind,
      title: current.subject.title,
      body: build(current.kept),
    })
  }

  return { send, edited }
}
