// Settings of the function, read once from the environment (Deno.env on Supabase, process.env
// locally). Every limit has a default so a fresh clone works without any configuration.
import { parseAllowedOrigins, type OriginsMode } from '../_shared/cors.ts'
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
  /**
   * The per-client limit for a request without the anti-bot fields, in the same window and on the
   * same counter as rateLimit.max, so such requests are refused sooner.
   */
  unverifiedRateLimitMax: number
  /** Mails a clock hour may send site-wide; past it requests are stored and answered, mail held. */
  mailBudgetPerHour: number
  /** Of those, how many may go to requests without the anti-bot fields. */
  unverifiedMailBudgetPerHour: number
  maxBodyBytes: number
  /** Mixed into the client address before hashing so stored hashes cannot be reversed by lookup. */
  clientHashSalt: string
  /**
   * How many proxies in front of the function append the address they saw to
   * clientAddressHeader. The client is the entry the outermost of them added: counted from the
   * right, entry number `trustedProxyHops` (1: the last entry). Entries left of it are whatever
   * the client wrote and are never used. 0: no trusted proxy, the socket address is the client.
   */
  trustedProxyHops: number
  /** The forwarding header the trusted proxies append to (X-Forwarded-For by default). */
  clientAddressHeader: string
  /**
   * The secret a scheduled call sends in RELEASE_HELD_HEADER (pg_cron on Supabase, see
   * supabase/README.md): with it a POST runs the maintenance pass and a GET reads the counts of
   * unsent leads; null: no such call is accepted.
   */
  releaseHeldToken: string | null
  /**
   * Mailed (`sent`) requests older than this many days are deleted by the scheduled pass. Rows
   * not yet mailed are never deleted; spam has its own SPAM_RETENTION_DAYS.
   */
  leadRetentionDays: number
}

/** The header of the scheduled call and the counts read; its value is RELEASE_HELD_TOKEN. */
export const RELEASE_HELD_HEADER = 'x-release-held-token'
// A guessable token would let anyone trigger the (harmless, budget-bound) release at will.
const MIN_RELEASE_TOKEN_LENGTH = 32

export const DEFAULT_MIN_SUBMIT_MS = 3000
export const DEFAULT_STORE_TIMEOUT_MS = 3000
export const DEFAULT_RATE_LIMIT: RateLimit = { max: 5, windowSeconds: 600 }
export const DEFAULT_UNVERIFIED_RATE_LIMIT_MAX = 2
export const DEFAULT_MAIL_BUDGET_PER_HOUR = 30
export const DEFAULT_UNVERIFIED_MAIL_BUDGET_PER_HOUR = 10
export const DEFAULT_CLIENT_ADDRESS_HEADER = 'x-forwarded-for'
/** A year: long enough to answer a lead that comes back, short enough not to hoard addresses. */
export const DEFAULT_LEAD_RETENTION_DAYS = 365

/** Where the function runs decides whom the forwarding header can be trusted from. */
export interface DeploymentDefaults {
  trustedProxyHops: number
  /** Which origins ALLOWED_ORIGINS may name, and whether local ones are allowed without it. */
  origins: OriginsMode
}
/**
 * On Supabase one proxy in front of the function appends the client address to
 * X-Forwarded-For (an assumption, see supabase/README.md "Client address"; TRUSTED_PROXY_HOPS
 * and CLIENT_IP_HEADER change it).
 */
export const HOSTED_DEFAULTS: DeploymentDefaults = { trustedProxyHops: 1, origins: 'hosted' }
/** The local server is reached directly: the socket address is the client. */
export const LOCAL_DEFAULTS: DeploymentDefaults = { trustedProxyHops: 0, origins: 'local' }
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
  defaults: DeploymentDefaults,
): HandlerConfig {
  return {
    allowedOrigins: parseAllowedOrigins(readEnv('ALLOWED_ORIGINS'), defaults.origins),
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
    unverifiedRateLimitMax: nonNegativeInteger(
      readEnv('UNVERIFIED_RATE_LIMIT_MAX'),
      DEFAULT_UNVERIFIED_RATE_LIMIT_MAX,
      'UNVERIFIED_RATE_LIMIT_MAX',
    ),
    mailBudgetPerHour: nonNegativeInteger(
      readEnv('MAIL_BUDGET_PER_HOUR'),
      DEFAULT_MAIL_BUDGET_PER_HOUR,
      'MAIL_BUDGET_PER_HOUR',
    ),
    unverifiedMailBudgetPerHour: nonNegativeInteger(
      readEnv('UNVERIFIED_MAIL_BUDGET_PER_HOUR'),
      DEFAULT_UNVERIFIED_MAIL_BUDGET_PER_HOUR,
      'UNVERIFIED_MAIL_BUDGET_PER_HOUR',
    ),
    maxBodyBytes: nonNegativeInteger(
      readEnv('MAX_BODY_BYTES'),
      DEFAULT_MAX_BODY_BYTES,
      'MAX_BODY_BYTES',
    ),
    clientHashSalt: readEnv('CLIENT_HASH_SALT') ?? 'send-contact-email',
    trustedProxyHops: nonNegativeInteger(
      readEnv('TRUSTED_PROXY_HOPS'),
      defaults.trustedProxyHops,
      'TRUSTED_PROXY_HOPS',
    ),
    clientAddressHeader:
      readEnv('CLIENT_IP_HEADER')?.trim().toLowerCase() || DEFAULT_CLIENT_ADDRESS_HEADER,
    releaseHeldToken: releaseToken(readEnv('RELEASE_HELD_TOKEN')),
    leadRetentionDays: retentionDays(readEnv('LEAD_RETENTION_DAYS')),
  }
}

function retentionDays(value: string | undefined): number {
  const days = nonNegativeInteger(value, DEFAULT_LEAD_RETENTION_DAYS, 'LEAD_RETENTION_DAYS')
  // 0 would delete every lead as soon as it is mailed.
  if (days < 1) throw new Error(`LEAD_RETENTION_DAYS must be at least 1 day, got "${value}"`)
  return days
}

function releaseToken(value: string | undefined): string | null {
  const token = value?.trim()
  if (!token) return null
  if (token.length < MIN_RELEASE_TOKEN_LENGTH) {
    throw new Error(
      `RELEASE_HELD_TOKEN must be at least ${MIN_RELEASE_TOKEN_LENGTH} characters (openssl rand -hex 32)`,
    )
  }
  return token
}

/** The configuration of the hosted function, exactly as index.ts builds it. */
export const hostedHandlerConfig = (readEnv: (name: string) => string | undefined) =>
  handlerConfigFromEnv(readEnv, HOSTED_DEFAULTS)
