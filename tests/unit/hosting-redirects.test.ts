import { describe, expect, it } from 'vitest'
import { guardRoute } from '../../renderer/guard.ts'
import { hostingRedirects, type VercelRedirect } from '../../scripts/lib/hosting-redirects.ts'

const ROUTES = ['/', '/about', '/services', '/services/system-design', '/industries/ai-ml']

/** Vercel's source syntax, enough of it for these rules: named params with an optional regex. */
function vercelMatches(rule: VercelRedirect, pathname: string, query: URLSearchParams) {
  if (rule.has?.some((condition) => !query.has(condition.key))) return false
  const pattern = rule.source.replace(
    /:(\w+)(\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?([*+]?)/g,
    (_match, _name, regex: string | undefined, modifier: string) =>
      regex ? regex : modifier === '*' ? '(.*)' : modifier === '+' ? '(.+)' : '([^/]+)',
  )
  return new RegExp(`^${pattern}$`).test(pathname)
}

function vercelDecision(rules: VercelRedirect[], url: string) {
  const { pathname, searchParams } = new URL(url, 'https://example.com')
  return rules.find((rule) => vercelMatches(rule, pathname, searchParams))?.destination
}

describe('hosting redirects', () => {
  const { redirectsFile, vercel } = hostingRedirects(ROUTES)

  it('never redirects a listed page, on any host', () => {
    for (const route of ROUTES) expect(vercelDecision(vercel, route), route).toBeUndefined()
    for (const route of ROUTES)
      expect(vercelDecision(vercel, `${route}?fbclid=abc`)).toBeUndefined()
    const sources = redirectsFile
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.split(' ')[0])
    for (const source of sources) expect(ROUTES).not.toContain(source)
    // A parent with a listed page below it gets no Cloudflare rule that could shadow the child.
    expect(redirectsFile).not.toMatch(/^\/services\/:/m)
  })

  it.each([
    '/www.google.com/x',
    '/l.php?u=x',
    '/sharer/sharer.php',
    '/s/abc',
    '/go/offer',
    '/old-page?fbclid=abc',
    '/services/unknown',
    '/services/system-design/deep/path',
    '/industries/ai-ml/roles',
    '/about/team',
  ])('Vercel agrees with the guard for %s', (url) => {
    const { pathname, search } = new URL(url, 'https://example.com')
    const decision = guardRoute(pathname, search, ROUTES)
    expect(decision.action).toBe('redirect')
    expect(vercelDecision(vercel, url)).toBe(decision.action === 'redirect' && decision.to)
  })
})
