// CORS for the public function, in the shape of Supabase's function examples but limited to the
// site's own origins: the browser must not let other sites post leads on a visitor's behalf.

export const DEFAULT_ALLOWED_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000']

// Every header supabase-js sends with functions.invoke (see @supabase/supabase-js/cors).
const allowedRequestHeaders = 'authorization, x-client-info, apikey, content-type, x-region'

export function parseAllowedOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean)
  return origins.length > 0 ? origins : DEFAULT_ALLOWED_ORIGINS
}

export type CorsDecision =
  | { allowed: true; headers: Record<string, string> }
  | { allowed: false; headers: Record<string, string> }

/** A request without Origin is not a cross-origin browser request, so CORS does not apply. */
export function decideCors(origin: string | null, allowedOrigins: readonly string[]): CorsDecision {
  const vary = { Vary: 'Origin' }
  if (origin === null) return { allowed: true, headers: vary }
  if (!allowedOrigins.includes(origin)) return { allowed: false, headers: vary }
  return {
    allowed: true,
    headers: {
      ...vary,
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': 'POST, OPTIONS',
      'Access-Control-Allow-Headers': allowedRequestHeaders,
      'Access-Control-Max-Age': '86400',
    },
  }
}
