// What answers a form in a preview build (site/preview-build.ts) in place of the contact
// function: a preview is published where anyone may open it, and must never store or mail a
// request. The stub checks the request as the function would, so a reviewer still sees a refusal
// for bad input, and answers in the function's shape, saying that it is a preview.
import {
  contactRequestSchema,
  type ContactRequestBody,
} from '../../supabase/functions/_shared/contact-request.ts'

export type PreviewAnswer = { ok: true; preview: true } | { error: string }

export function answerAsPreview(body: ContactRequestBody): PreviewAnswer {
  const checked = contactRequestSchema.safeParse(body)
  if (!checked.success)
    return { error: checked.error.issues.map((issue) => issue.message).join('; ') }
  return { ok: true, preview: true }
}
