// Sends a message to the send-contact-email backend function through supabase-js. The client
// (a sizeable library) is imported on the first submit, never with the page.
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  CONTACT_FUNCTION_NAME,
  type ContactRequestBody,
} from '../../supabase/functions/_shared/contact-request.ts'

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
 * Invokes the function; resolves on success and throws on any failure: an HTTP error, a network
 * failure, a relay error, or an `error` field in the answer.
 */
export async function sendContactEmail(body: ContactRequestBody): Promise<void> {
  let supabase: SupabaseClient
  try {
    supabase = await getClient()
  } catch (error) {
    client = undefined // a failed chunk load may succeed on the next try
    throw error
  }
  const { data, error } = await supabase.functions.invoke<{ error?: unknown }>(
    CONTACT_FUNCTION_NAME,
    {
      body,
    },
  )
  if (error) throw error
  if (data && typeof data === 'object' && data.error)
    throw new Error(typeof data.error === 'string' ? data.error : JSON.stringify(data.error))
}
