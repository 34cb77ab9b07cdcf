import { describe, expect, it } from 'vitest'
import { decideCors, parseAllowedOrigins } from '../../../../../supabase/functions/_shared/cors.ts'
import {
  DEFAULT_LEAD_RETENTION_DAYS,
  DEFAULT_MIN_SUBMIT_MS,
  DEFAULT_STORE_TIMEOUT_MS,
  handlerConfigFromEnv,
  hostedHandlerConfig,
  LOCAL_DEFAULTS,
} from '../../../../../supabase/functions/send-contact-email/config.ts'

const from = (env: Record<string, string>) => (name: string) => env[name]

describe('handlerConfigFromEnv', () => {
  it('has working defaults for a fresh clone', () => {
    expect(handlerConfigFromEnv(from({}), LOCAL_DEFAULTS)).toEqual({
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      minSubmitMs: DEFAULT_MIN_SUBMIT_MS,
      rateLimit: { max: 5, windowSeconds: 600 },
      unverifiedRateLimitMax: 2,
      mailBudgetPerHour: 30,
      unverifiedMailBudgetPerHour: 10,
      maxBodyBytes: 65536,
      clientHashSalt: 'send-contact-email',
      trustedProxyHops: 0,
      clientAddressHeader: 'x-forwarded-for',
      releaseHeldToken: null,
      storeTimeoutMs: DEFAULT_STORE_TIMEOUT_MS,
      leadRetentionDays: DEFAULT_LEAD_RETENTION_DAYS,
    })
    expect(DEFAULT_LEAD_RETENTION_DAYS).toBe(365)
    expect(DEFAULT_MIN_SUBMIT_MS).toBe(3000)
    // A hanging database plus the mail's 10 s must stay inside the browser's 15 s.
    expect(DEFAULT_STORE_TIMEOUT_MS).toBe(3000)
  })

  it('reads every setting from the environment', () => {
    const config = handlerConfigFromEnv(
      from({
        ALLOWED_ORIGINS: 'https://www.example.com, https://example.com',
        MIN_SUBMIT_MS: '0',
        RATE_LIMIT_MAX: '10',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        MAX_BODY_BYTES: '2048',
        CLIENT_HASH_SALT: 'pepper',
        CLIENT_IP_HEADER: 'CF-Connecting-IP',
        TRUSTED_PROXY_HOPS: '2',
        STORE_TIMEOUT_MS: '1500',
        UNVERIFIED_RATE_LIMIT_MAX: '1',
        MAIL_BUDGET_PER_HOUR: '100',
        UNVERIFIED_MAIL_BUDGET_PER_HOUR: '0',
        RELEASE_HELD_TOKEN: ' ' + 'k'.repeat(32) + ' ',
        LEAD_RETENTION_DAYS: '90',
      }),
      LOCAL_DEFAULTS,
    )
    expect(config).toEqual({
      allowedOrigins: ['https://www.example.com', 'https://example.com'],
      minSubmitMs: 0,
      rateLimit: { max: 10, windowSeconds: 60 },
      unverifiedRateLimitMax: 1,
      mailBudgetPerHour: 100,
      unverifiedMailBudgetPerHour: 0,
      maxBodyBytes: 2048,
      clientHashSalt: 'pepper',
      trustedProxyHops: 2,
      clientAddressHeader: 'cf-connecting-ip',
      releaseHeldToken: 'k'.repeat(32),
      storeTimeoutMs: 1500,
      leadRetentionDays: 90,
    })
  })

  it('trusts one proxy hop when hosted, none locally (where headers can be forged)', () => {
    expect(hostedHandlerConfig(from({})).trustedProxyHops).toBe(1)
    expect(handlerConfigFromEnv(from({}), LOCAL_DEFAULTS).trustedProxyHops).toBe(0)
    expect(hostedHandlerConfig(from({ TRUSTED_PROXY_HOPS: '0' })).trustedProxyHops).toBe(0)
  })

  it.each([
    ['MIN_SUBMIT_MS', '-1'],
    ['MIN_SUBMIT_MS', '1.5'],
    ['MIN_SUBMIT_MS', 'soon'],
    ['TRUSTED_PROXY_HOPS', '-1'],
    ['MAIL_BUDGET_PER_HOUR', 'lots'],
    ['RELEASE_HELD_TOKEN', 'short-and-guessable'],
    ['LEAD_RETENTION_DAYS', '0'],
    ['LEAD_RETENTION_DAYS', 'forever'],
  ])('refuses %s=%s at start-up', (name, value) => {
    expect(() => handlerConfigFromEnv(from({ [name]: value }), LOCAL_DEFAULTS)).toThrow(
      new RegExp(name),
    )
  })
})

describe('CORS decisions', () => {
  it('falls back to the local origins when ALLOWED_ORIGINS is empty, in the local mode only', () => {
    expect(parseAllowedOrigins(' , ', 'local')).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ])
    expect(parseAllowedOrigins(' , ', 'hosted')).toEqual([])
    expect(parseAllowedOrigins(undefined, 'hosted')).toEqual([])
    expect(hostedHandlerConfig(from({})).allowedOrigins).toEqual([])
  })

  it('takes https origins, and http only on a loopback host locally, naming every bad entry', () => {
    expect(parseAllowedOrigins('https://a.example, https://b.example:8443', 'hosted')).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ])
    expect(parseAllowedOrigins('http://127.0.0.1:5173,http://[::1]:3000', 'local')).toEqual([
      'http://127.0.0.1:5173',
      'http://[::1]:3000',
    ])
    expect(() =>
      parseAllowedOrigins(
        'http://localhost:3000, http://site.example, https://site.example/admin, *',
        'hosted',
      ),
    ).toThrow(
      `ALLOWED_ORIGINS must list the site's https origins exactly as a browser sends them (such as https://www.example.com), and "http://localhost:3000" is http, which only a local server allows; "http://site.example" is not https; "https://site.example/admin" is not an origin (scheme, host and port only, in lower case, with no path or trailing slash: https://site.example); "*" is not an address`,
    )
    expect(() => parseAllowedOrigins('http://site.example', 'local')).toThrow(
      '"http://site.example" is not https',
    )
  })

  // Each was once taken: " / " as no entry (so the local defaults), the wildcard as a literal
  // host, the slash and the capital quietly normalised into another origin than the one written.
  it.each([
    [' / ', '"/" is not an address'],
    [
      'https://*.site.example',
      '"https://*.site.example" is not an origin: a wildcard matches no browser, name each host in full',
    ],
    ['https://site.example/', '"https://site.example/" is not an origin'],
    ['https://site.example/editor', '"https://site.example/editor" is not an origin'],
    ['https://Site.example', '"https://Site.example" is not an origin'],
    ['https://writer@site.example', '"https://writer@site.example" is not an origin'],
    ['http://localhost:3000/', '"http://localhost:3000/" is not an origin'],
  ])('refuses %j in both modes with a sentence', (value, problem) => {
    for (const mode of ['hosted', 'local'] as const)
      expect(() => parseAllowedOrigins(value, mode)).toThrow(problem)
  })

  it('refuses a bad ALLOWED_ORIGINS when the local server starts the contact function', () => {
    expect(() => handlerConfigFromEnv(from({ ALLOWED_ORIGINS: ' / ' }), LOCAL_DEFAULTS)).toThrow(
      /ALLOWED_ORIGINS must list/,
    )
  })

  it('never answers with a wildcard', () => {
    const decision = decideCors('http://localhost:3000', ['http://localhost:3000'])
    expect(decision.headers['Access-Control-Allow-Origin']).toBe('http://localhost:3000')
    expect(decideCors('http://localhost:3001', ['http://localhost:3000']).allowed).toBe(false)
  })
})
