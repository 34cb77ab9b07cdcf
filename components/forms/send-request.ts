// Sends a message to the send-contact-email backend function through supabase-js. The client
// (a sizeable library) is imported on the first submit, never with the page.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { ContactRequestBody } from '../../supabase/functions/_shared/contact-request.ts'
import { CONTACT_FUNCTION_NAME } from '../../supabase/functions/_shared/function-name.ts'
import { answerAsPreview } from './preview-stub.ts'
import { readAnswer } from './read-answer.ts'

/** How long the browser waits for the function before it keeps the request to send it later. */
export const SEND_TIMEOUT_MS = 15_000

// supabase-js refuses an empty key. Without a configured project the site's own server answers
// at /functions/v1/send-contact-email and does not check the key, so any non-empty value works.
const SAME_ORIGIN_KEY = 'same-origin'

let client: Promise<SupabaseClient> | undefined

function getClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(
      import.meta.env.VITE_SUPABASE_URL || window.location.origin,
      import.meta.env.VITE_SUPABASE_ANON_KEY || SAME_ORIGIN_KEY,
      // No sign-in on this site: keep the auth client from touching storage or the URL.
      { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } },
    ),
  )
  return client
}

/**
 * Why a send failed. `retryable`: the function could not be reached, answered 5xx, or did not
 * answer within SEND_TIMEOUT_MS; the same request may succeed later, so the form keeps it in
 * the browser. Otherwise (a 4xx, an `error` in the answer) sending it again would not help.
 */
export class SendError extends Error {
  override name = 'SendError'
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/**
 * Invokes the function; resolves when it answered 2xx with no `error` field (readAnswer), and
 * throws a SendError on anything else: an HTTP error (a 503 when its store fails), a network
 * failure, a relay error, no answer in time, an `error` field in the answer, or a 2xx that is not
 * the function's answer. In a preview build the stub answers instead, and nothing leaves the
 * page: 'preview'.
 */
export async function sendContactEmail(body: ContactRequestBody): Promise<'sent' | 'preview'> {
  if (__SITE_PREVIEW__) {
    const answer = answerAsPreview(body)
    if ('error' in answer) throw new SendError(answer.error, false)
    return 'preview'
  }
  let supabase: SupabaseClient
  try {
    supabase = await getClient()
  } catch (error) {
    client = undefined // a failed chunk load may succeed on the next try
    throw new SendError('The sending code could not be loaded', true, { cause: error })
  }
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, SEND_TIMEOUT_MS)
  try {
    const { data, error, response } = await supabase.functions.invoke<unknown>(
      CONTACT_FUNCTION_NAME,
      { body, signal: controller.signal },
    )
    if (timedOut) throw new SendError(`No answer within ${SEND_TIMEOUT_MS} ms`, true)
    if (error) {
      const status = response?.status
      const retryable =
        error instanceof Error &&
        (error.name === 'FunctionsFetchError' ||
          error.name === 'FunctionsRelayError' ||
          // A 2xx labelled JSON whose body does not parse: not the function's answer.
          (status === undefined && error.name === 'SyntaxError') ||
          (status !== undefined && status >= 500))
      throw new SendError(`The function failed${status ? ` with ${status}` : ''}`, retryable, {
        cause: error,
      })
    }
    const answer = readAnswer(data)
    if (answer === 'unconfirmed')
      throw new SendError('The answer was not the function’s (not JSON)', true)
    if (answer !== 'success') throw new SendError(answer.error, false)
    return 'sent'
  } finally {
    clearTimeout(timer)
  }
}
