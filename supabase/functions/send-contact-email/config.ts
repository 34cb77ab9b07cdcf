// Settings of the function, read once from the environment (Deno.env on Supabase, process.env
// locally). Every limit has a default so a fresh clone works without any configuration.
import { parseAllowedOrigins } from '../_shared/cors.ts'
import type { RateLimit } from './lead-store.ts'

export interface HandlerConfig {
  allowedOrigins: string[]
  /**
   * A submission sooner than this after the page was opened counts as one bot signal; alone it
   * is not spam (autofill makes honest requests that fast), see judgeSpam in handler.ts.
   */
  minSubmitMs: number
  /**
   * How long one database call may take before the database counts as down and the request is
   * mailed without being stored. With the mail's own 10 s this stays inside the browser's 15 s.
   */
  storeTimeoutMs: number
  rateLimit: RateLimit
  maxBodyBytes: number
  /** Mixed into the client address before hashing so stored hashes cannot be reversed by lookup. */
  clientHashSalt: string
  /**
   * Header carrying the client address (first comma-separated entry), set by the proxy in front
   * of the function; null to use the socket address (local server, where headers are forgeable).
   */
  clientAddressHeader: string | null
}

export const DEFAULT_MIN_SUBMIT_MS = 3000
export const DEFAULT_STORE_TIMEOUT_MS = 3000
export const DEFAULT_RATE_LIMIT: RateLimit = { max: 5, windowSeconds: 600 }
// The longest valid body is ~5.5k characters; JSON escapes can make a character 6 bytes.
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024

function nonNegativeInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${value}"`)
  }
  return parsed
}

export function handlerConfigFromEnv(
  readEnv: (name: string) => string | undefined,
  defaults: { clientAddressHeader: string | null },
): HandlerConfig {
  return {
    allowedOrigins: parseAllowedOrigins(readEnv('ALLOWED_ORIGINS')),
    minSubmitMs: nonNegativeInteger(
      readEnv('MIN_SUBMIT_MS'),
      DEFAULT_MIN_SUBMIT_MS,
      'MIN_SUBMIT_MS',
    ),
    storeTimeoutMs: nonNegativeInteger(
      readEnv('STORE_TIMEOUT_MS'),
      DEFAULT_STORE_TIMEOUT_MS,
      'STORE_TIMEOUT_MS',
    ),
    rateLimit: {
      max: nonNegativeInteger(readEnv('RATE_LIMIT_MAX'), DEFAULT_RATE_LIMIT.max, 'RATE_LIMIT_MAX'),
      windowSeconds: nonNegativeInteger(
        readEnv('RATE_LIMIT_WINDOW_SECONDS'),
        DEFAULT_RATE_LIMIT.windowSeconds,
        'RATE_LIMIT_WINDOW_SECONDS',
      ),
    },
    maxBodyBytes: nonNegativeInteger(
      readEnv('MAX_BODY_BYTES'),
      DEFAULT_MAX_BODY_BYTES,
      'MAX_BODY_BYTES',
    ),
    clientHashSalt: readEnv('CLIENT_HASH_SALT') ?? 'send-contact-email',
    clientAddressHeader:
      defaults.clientAddressHeader === null
        ? null
        : readEnv('CLIENT_IP_HEADER')?.trim().toLowerCase() || defaults.clientAddressHeader,
  }
}
