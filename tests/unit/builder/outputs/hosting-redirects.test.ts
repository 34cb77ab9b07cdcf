import { describe, expect, it } from 'vitest'
import { guardRoute, REDIRECTED_FROM_PARAM, redirectLocation } from '../../../../renderer/guard.ts'
import {
  hostingRedirects,
  type VercelRedirect,
} from '../../../../builder/outputs/hosting-redirects.ts'
import {
  checkRedirectsFile,
  countRedirectRules,
  HOST_LIMITS,
} from '../../../../builder/outputs/host-limits.ts'

const ROUTES = ['/', '/about', '/services', '/services/system-design', '/industries/ai-ml']

/** Vercel's source syntax, enough of it for these rules: named params with an optional regex. */
function vercelMatch(rule: VercelRedirect, pathname: string, query: URLSearchParams) {
  if (rule.has?.some((condition) => !query.has(condition.key))) return undefined
  const names: string[] = []
  const pattern = rule.source.replace(
    /:(\w+)(\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?([*+]?)/g,
    (_match, name: string, regex: string | undefined, modifier: string) => {
      names.push(name)
      return regex ? regex : modifier === '*' ? '(.*)' : modifier === '+' ? '(.+)' : '([^/]+)'
    },
  )
  const match = new RegExp(`^${pattern}$`).exec(pathname)
  return match && Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']))
}

/** The destination Vercel would send `url` to, with the matched params put in its place. */
function vercelDecision(rules: VercelRedirect[], url: string) {
  const { pathname, searchParams } = new URL(url, 'https://example.com')
  for (const rule of rules) {
    const params = vercelMatch(rule, pathname, searchParams)
    if (params)
      return rule.destination.replace(/:(\w+)[*+]?/g, (_match, name: string) => params[name] ?? '')
  }
  return undefined
}

/** Netlify's and Cloudflare's _redirects: ":name" is one segment, a final "*" is ":splat". */
function netlifyDecision(redirectsFile: string, pathname: string) {
  for (const line of redirectsFile.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const [source = '', destination = ''] = line.split(' ')
    const names: string[] = []
    const pattern = source
      .replace(/[.]/g, '\\.')
      .replace(/:(\w+)/g, (_match, name: string) => (names.push(name), '([^/]+)'))
      .replace(/\*$/, () => (names.push('splat'), '(.*)'))
    const match = new RegExp(`^${pattern}$`).exec(pathname)
    if (!match) continue
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1]!]))
    return destination.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? '')
  }
  return undefined
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
    if (decision.action !== 'redirect') return
    // Same target, noting the same address, as the local server's redirect.
    const expected = new URL(redirectLocation(decision, pathname, search), 'https://example.com')
    const actual = new URL(vercelDecision(vercel, url) ?? '', 'https://example.com')
    expect(actual.pathname).toBe(decision.to)
    expect(actual.searchParams.get(REDIRECTED_FROM_PARAM)).toBe(
      expected.searchParams.get(REDIRECTED_FROM_PARAM),
    )
  })

  it.each(['/l/abc', '/l.php', '/sharer/sharer.php', '/s/abc', '/search'])(
    '_redirects sends %s where the guard does, noting where it came from',
    (pathname) => {
      const decision = guardRoute(pathname, '', ROUTES)
      if (decision.action !== 'redirect') throw new Error(`${pathname} is not redirected`)
      const target = new URL(netlifyDecision(redirectsFile, pathname) ?? '', 'https://example.com')
      expect(target.pathname).toBe(decision.to)
      expect(target.searchParams.get(REDIRECTED_FROM_PARAM)).toBe(pathname)
    },
  )

  it('leaves unknown addresses below a page to the not-found page, whose guard redirects', () => {
    for (const pathname of ['/about/team', '/about/team/x', '/services/unknown'])
      expect(netlifyDecision(redirectsFile, pathname), pathname).toBeUndefined()
  })

  it('writes static rules first and as many rules whatever the number of entries', () => {
    const articles = Array.from({ length: 1000 }, (_, index) => `/resources/articles/a-${index}`)
    const grown = hostingRedirects([...ROUTES, '/resources/articles', ...articles]).redirectsFile
    expect(countRedirectRules(grown)).toEqual(countRedirectRules(redirectsFile))
    expect(countRedirectRules(redirectsFile)).toEqual({ static: 8, dynamic: 13 })
  })
})

describe("Cloudflare's limits on _redirects", () => {
  const { dynamicRules, staticRules, lineCharacters } = HOST_LIMITS.redirectsFile
  const rule = (source: string) => `${source} / 302`

  it('counts a static rule after a dynamic one as dynamic, as Cloudflare does', () => {
    expect(
      countRedirectRules([rule('/a/*'), rule('/b'), '# c', '', rule('/d')].join('\n')),
    ).toEqual({
      static: 0,
      dynamic: 3,
    })
    expect(countRedirectRules(['/b', '/d', '/a/:x'].map(rule).join('\n'))).toEqual({
      static: 2,
      dynamic: 1,
    })
  })

  it('stops the build, naming the count and the limit, where Cloudflare would skip rules', () => {
    const dynamic = Array.from({ length: dynamicRules + 1 }, (_, i) => rule(`/d${i}/*`))
    expect(() => checkRedirectsFile(dynamic.join('\n'))).toThrow(
      `_redirects would hold ${dynamicRules + 1} dynamic rules (a splat, a placeholder, or after one); Cloudflare applies at most ${dynamicRules}`,
    )
    expect(() => checkRedirectsFile(dynamic.slice(1).join('\n'))).not.toThrow()
    const statics = Array.from({ length: staticRules + 1 }, (_, i) => rule(`/s${i}`))
    expect(() => checkRedirectsFile(statics.join('\n'))).toThrow(
      `_redirects would hold ${staticRules + 1} static rules; Cloudflare applies at most ${staticRules}`,
    )
    expect(() => checkRedirectsFile(rule(`/${'x'.repeat(lineCharacters)}`))).toThrow(
      `over Cloudflare's ${lineCharacters}`,
    )
  })
})
