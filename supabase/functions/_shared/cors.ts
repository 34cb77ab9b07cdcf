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

/**
 * What an entry must look like, letter for letter: a scheme, a host of letters, digits, dots and
 * hyphens (or a bracketed IPv6 address) and an optional port, in lower case, with nothing after
 * it. `new URL` alone would take `https://*.site.example` as a literal host and quietly drop a
 * trailing slash, so the entry is matched as written and then compared with its URL's origin.
 */
const EXACT_ORIGIN =
  /^[a-z][a-z0-9+.-]*:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/

/** Why `entry` may not be an allowed origin in `mode`, or undefined when it may. */
function originProblem(entry: string, mode: OriginsMode): string | undefined {
  let url: URL
  try {
    url = new URL(entry)
  } catch {
    return 'is not an address'
  }
  if (url.origin !== entry || !EXACT_ORIGIN.test(entry))
    return entry.includes('*')
      ? 'is not an origin: a wildcard matches no browser, name each host in full'
      : `is not an origin (scheme, host and port only, in lower case, with no path or trailing slash${url.origin === 'null' ? '' : `: ${url.origin}`})`
  if (url.protocol === 'https:') return undefined
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
    return mode === 'local' ? undefined : 'is http, which only a local server allows'
  return 'is not https'
}

/**
 * ALLOWED_ORIGINS, a comma list of site origins, each written exactly as a browser sends it in
 * `Origin` (`https://www.example.com`: no path, no trailing slash, no wildcard). Throws one
 * sentence naming every entry that is not an https origin (or, locally, an http one on a
 * loopback host). Unset, or only commas and spaces: none allowed when hosted, the local origins
 * locally. The one reader of the setting: both functions, and the local server through them.
 */
export function parseAllowedOrigins(value: string | undefined, mode: OriginsMode): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  const problems = origins.flatMap((origin) => {
    const problem = originProblem(origin, mode)
    return problem ? [`${JSON.stringify(origin)} ${problem}`] : []
  })
  if (problems.length)
    throw new Error(
      `ALLOWED_ORIGINS must list the site's https origins exactly as a browser sends them (such as https://www.example.com), and ${problems.join('; ')}`,
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
