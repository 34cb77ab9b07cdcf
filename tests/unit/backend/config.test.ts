import { describe, expect, it } from 'vitest'
import { decideCors, parseAllowedOrigins } from '../../../supabase/functions/_shared/cors.ts'
import {
  DEFAULT_MIN_SUBMIT_MS,
  DEFAULT_STORE_TIMEOUT_MS,
  handlerConfigFromEnv,
} from '../../../supabase/functions/send-contact-email/config.ts'

const from = (env: Record<string, string>) => (name: string) => env[name]

describe('handlerConfigFromEnv', () => {
  it('has working defaults for a fresh clone', () => {
    expect(handlerConfigFromEnv(from({}), { clientAddressHeader: null })).toEqual({
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      minSubmitMs: DEFAULT_MIN_SUBMIT_MS,
      rateLimit: { max: 5, windowSeconds: 600 },
      maxBodyBytes: 65536,
      clientHashSalt: 'send-contact-email',
      clientAddressHeader: null,
      storeTimeoutMs: DEFAULT_STORE_TIMEOUT_MS,
    })
    expect(DEFAULT_MIN_SUBMIT_MS).toBe(3000)
    // A hanging database plus the mail's 10 s must stay inside the browser's 15 s.
    expect(DEFAULT_STORE_TIMEOUT_MS).toBe(3000)
  })

  it('reads every setting from the environment', () => {
    const config = handlerConfigFromEnv(
      from({
        ALLOWED_ORIGINS: 'https://www.example.com/, https://example.com',
        MIN_SUBMIT_MS: '0',
        RATE_LIMIT_MAX: '10',
        RATE_LIMIT_WINDOW_SECONDS: '60',
        MAX_BODY_BYTES: '2048',
        CLIENT_HASH_SALT: 'pepper',
        CLIENT_IP_HEADER: 'CF-Connecting-IP',
        STORE_TIMEOUT_MS: '1500',
      }),
      { clientAddressHeader: 'x-forwarded-for' },
    )
    expect(config).toEqual({
      allowedOrigins: ['https://www.example.com', 'https://example.com'],
      minSubmitMs: 0,
      rateLimit: { max: 10, windowSeconds: 60 },
      maxBodyBytes: 2048,
      clientHashSalt: 'pepper',
      clientAddressHeader: 'cf-connecting-ip',
      storeTimeoutMs: 1500,
    })
  })

  it('locally ignores CLIENT_IP_HEADER, because request headers can be forged there', () => {
    const config = handlerConfigFromEnv(from({ CLIENT_IP_HEADER: 'x-real-ip' }), {
      clientAddressHeader: null,
    })
    expect(config.clientAddressHeader).toBeNull()
  })

  it.each(['-1', '1.5', 'soon'])('refuses MIN_SUBMIT_MS=%s at start-up', (value) => {
    expect(() =>
      handlerConfigFromEnv(from({ MIN_SUBMIT_MS: value }), { clientAddressHeader: null }),
    ).toThrow(/MIN_SUBMIT_MS/)
  })
})

describe('CORS decisions', () => {
  it('falls back to the local origins when ALLOWED_ORIGINS is empty', () => {
    expect(parseAllowedOrigins(' , ')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000'])
  })

  it('never answers with a wildcard', () => {
    const decision = decideCors('http://localhost:3000', ['http://localhost:3000'])
    expect(decision.headers['Access-Control-Allow-Origin']).toBe('http://localhost:3000')
    expect(decideCors('http://localhost:3001', ['http://localhost:3000']).allowed).toBe(false)
  })
})
