import { describe, expect, it } from 'vitest'
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  contentSecurityPolicy,
  headerRules,
  headersFor,
  matches,
  securityHeadersOf,
} from '../../server/headers.ts'
import { mergeVercelConfig, toHeadersFile } from '../../build/outputs/hosting-headers.ts'

const directives = (policy: string) =>
  new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    }),
  )

describe('content security policy', () => {
  const policy = directives(
    contentSecurityPolicy({
      schedulerUrl: 'https://cal.com/panelwise/30min',
      supabaseUrl: 'https://abcd.supabase.co/',
      scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-a'"],
    }),
  )

  it('refuses everything by default and inline script unless hashed', () => {
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      "'sha256-a'",
      "'sha256-b'",
    ])
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'")
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'")
  })

  it('frames only the scheduler origin and connects only to itself and Supabase', () => {
    expect(policy.get('frame-src')).toEqual(['https://cal.com'])
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://abcd.supabase.co'])
  })

  it('locks down objects, base, forms and framing', () => {
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
  })

  it('connects to this origin only when no Supabase project is configured', () => {
    const local = directives(contentSecurityPolicy({ schedulerUrl: 'https://cal.com/x' }))
    expect(local.get('connect-src')).toEqual(["'self'"])
    expect(local.has('style-src-attr')).toBe(false)
  })

  it('allows server-rendered style attributes by hash only', () => {
    const styled = directives(
      contentSecurityPolicy({
        schedulerUrl: 'https://cal.com/x',
        styleAttributeHashes: ["'sha256-s'"],
      }),
    )
    expect(styled.get('style-src')).toEqual(["'self'"])
    expect(styled.get('style-src-attr')).toEqual(["'unsafe-hashes'", "'sha256-s'"])
  })
})

describe('header rules', () => {
  const rules = headerRules({ schedulerUrl: 'https://cal.com/x' }, ['/about', '/', '/404.html'])

  it('caches hashed assets for a year and revalidates pages', () => {
    expect(headersFor(rules, '/assets/entries/app.abc.js')['Cache-Control']).toBe(CACHE_IMMUTABLE)
    expect(headersFor(rules, '/about')['Cache-Control']).toBe(CACHE_REVALIDATE)
    expect(headersFor(rules, '/about/')['Cache-Control']).toBe(CACHE_REVALIDATE)
    expect(headersFor(rules, '/')['Cache-Control']).toBe(CACHE_REVALIDATE)
    expect(headersFor(rules, '/')['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('never sets one header from two rules matching the same path (hosts would join them)', () => {
    for (const address of ['/', '/about', '/404.html', '/assets/a.js', '/favicon.svg']) {
      const names = rules
        .filter((rule) => matches(rule.source, address))
        .flatMap((rule) => Object.keys(rule.headers))
      expect(new Set(names).size, address).toBe(names.length)
    }
  })

  it('matches exact paths and prefixes the way _headers does', () => {
    expect(matches('/*', '/anything/at/all')).toBe(true)
    expect(matches('/assets/*', '/assets/x.js')).toBe(true)
    expect(matches('/assets/*', '/assetsx.js')).toBe(false)
    expect(matches('/about', '/about/team')).toBe(false)
  })

  it('writes _headers with one block per rule', () => {
    const file = toHeadersFile(rules)
    expect(file).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'none';/)
    expect(file).toContain('/assets/*\n  Cache-Control: public, max-age=31536000, immutable')
    // Netlify's and Cloudflare's default: restated per page, it passed Cloudflare's 100 rules.
    expect(file).not.toContain('/about\n')
    expect(file).not.toContain(CACHE_REVALIDATE)
  })

  it('refuses a _headers file past Cloudflare’s limits rather than losing headers', () => {
    const many = Array.from({ length: 100 }, (_, index) => ({
      source: `/page-${index}`,
      headers: { 'X-Robots-Tag': 'noindex' },
    }))
    expect(() => toHeadersFile([...rules, ...many])).toThrow(
      '_headers would hold 102 rules; Cloudflare applies at most 100',
    )
    expect(() =>
      toHeadersFile([{ source: '/*', headers: { 'Content-Security-Policy': 'x'.repeat(2000) } }]),
    ).toThrow("a _headers line is 2027 characters, over Cloudflare's 2000")
  })

  it('merges its headers into an existing vercel.json and keeps its redirects', () => {
    const existing = JSON.stringify({
      redirects: [{ source: '/go/(.*)', destination: '/', permanent: false }],
      headers: [{ source: '/old', headers: [] }],
    })
    const merged = JSON.parse(mergeVercelConfig(existing, rules))
    expect(merged.redirects).toEqual([{ source: '/go/(.*)', destination: '/', permanent: false }])
    expect(merged.headers[0].source).toBe('/(.*)')
    expect(merged.headers[1]).toEqual({
      source: '/assets/(.*)',
      headers: [{ key: 'Cache-Control', value: CACHE_IMMUTABLE }],
    })
    expect(merged.headers.some((rule: { source: string }) => rule.source === '/old')).toBe(false)
    expect(JSON.parse(mergeVercelConfig(undefined, rules)).headers).toHaveLength(rules.length)
  })
})

describe('security headers of the rules', () => {
  it("are the headers every path gets, without any path's caching", () => {
    const rules = headerRules({ schedulerUrl: 'https://cal.com/x' }, ['/about'])
    const security = securityHeadersOf(rules)
    expect(security['X-Content-Type-Options']).toBe('nosniff')
    expect(security['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(security['Cache-Control']).toBeUndefined()
    expect(headersFor(rules, '/no/such/path')).toEqual(security)
  })
})
