// CORS for the public function, in the shape of Supabase's function examples but limited to the
// site's own origins: the browser must not let other sites post leads on a visitor's behalf.

/**
 * Where a function runs decides what ALLOWED_ORIGINS may hold and what its absence means:
 * `hosted` (Supabase) takes https origins only and allows none when it is unset, so a deploy
 * without it fails closed; `local` (`npm start`, `npm run dev`, which set it to their own port)
 * also takes http on a loopback host, and without it allows the local origins of port 3000.
 */
export type OriginsMode = 'hosted' | 'local'

/** What a local function allows when ALLOWED_ORIGINS is unset: the local server's default port. */
export const LOCAL_ALLOWED_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000']

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

// Every header supabase-js sends with functions.invoke (see @supabase/supabase-js/cors).
const allowedRequestHeaders = 'authorization, x-client-info, apikey, content-type, x-region'

/** Why `entry` may not be an allowed origin in `mode`, or undefined when it may. */
function originProblem(entry: string, mode: OriginsMode): string | undefined {
  let url: URL
  try {
    url = new URL(entry)
  } catch {
    return 'is not an address'
  }
  if (url.origin !== entry) return `is not an origin (scheme, host and port only: ${url.origin})`
  if (url.protocol === 'https:') return undefined
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
    return mode === 'local' ? undefined : 'is http, which only a local server allows'
  return 'is not https'
}

/**
 * ALLOWED_ORIGINS, a comma list of site origins (a trailing slash is dropped). Throws one sentence
 * naming every entry that is not an https origin (or, locally, an http one on a loopback host).
 * Unset or empty: none allowed when hosted, the local origins locally.
 */
export function parseAllowedOrigins(value: string | undefined, mode: OriginsMode): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim().replace(/\/+$/, ''))
    .filter(Boolean)
  const problems = origins.flatMap((origin) => {
    const problem = originProblem(origin, mode)
    return problem ? [`${JSON.stringify(origin)} ${problem}`] : []
  })
  if (problems.length)
    throw new Error(
      `ALLOWED_ORIGINS must list the site's https origins (such as https://www.example.com), and ${problems.join('; ')}`,
    )
  if (origins.length) return origins
  return mode === 'local' ? LOCAL_ALLOWED_ORIGINS : []
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
