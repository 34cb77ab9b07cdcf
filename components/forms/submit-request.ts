// One submit of a contact or request form: sent, kept in this browser to be sent later (the
// function could not be reached, answered 5xx, or did not answer in time), or failed.
import type {
  ContactKind,
  FormRequestBody,
} from '../../supabase/functions/_shared/contact-request.ts'
import { keepRequest } from './kept-requests.ts'
import { SendError, sendContactEmail } from './send-request.ts'

/** 'preview': a preview build's stub took it, and nothing was sent (./preview-stub.ts). */
export type SubmitResult =
  { outcome: 'sent' } | { outcome: 'preview' } | { outcome: 'kept' | 'failed'; error: unknown }

export async function submitRequest(
  body: FormRequestBody,
  what: { kind: ContactKind; title: string | null },
): Promise<SubmitResult> {
  try {
    const answer = await sendContactEmail(body)
    return answer === 'preview' ? { outcome: 'preview' } : { outcome: 'sent' }
  } catch (error) {
    const kept =
      error instanceof SendError &&
      error.retryable &&
      keepRequest({ requestId: body.requestId, kind: what.kind, title: what.title, body })
    // The notice of kept requests, which also sends them once the connection is back.
    if (kept) import('./KeptRequests.tsx').catch(console.error)
    return { outcome: kept ? 'kept' : 'failed', error }
  }
}
