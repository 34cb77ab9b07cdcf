import { describe, expect, it } from 'vitest'
import { guardRoute, MAX_PATH_LENGTH, type GuardDecision } from '../../../renderer/guard.ts'

const ROUTES = [
  '/',
  '/about',
  '/contact',
  '/industries/ai-ml',
  '/industries/web-dev',
  '/linkedin',
  '/privacy-policy',
  '/process',
  '/resources/case-studies',
  '/resources/guides',
  '/resources/interview-scorecards',
  '/services',
  '/services/system-design',
  '/startups',
]

const serve = (path: string): GuardDecision => ({ action: 'serve', path })
const home = (reason: 'domain-like' | 'link-wrapper'): GuardDecision => ({
  action: 'redirect',
  to: '/',
  reason,
})
const to = (path: string, reason: 'canonical' | 'prefix'): GuardDecision => ({
  action: 'redirect',
  to: path,
  reason,
})
const notFound = (reason: 'unlisted' | 'malformed' | 'too-long'): GuardDecision => ({
  action: 'not-found',
  reason,
})

// [what, pathname, search, decision]
const CASES: [string, string, string, GuardDecision][] = [
  // Listed routes are served, whatever the query says.
  ['the home page', '/', '', serve('/')],
  ['a listed page', '/about', '', serve('/about')],
  ['a nested listed page', '/services/system-design', '', serve('/services/system-design')],
  ['a listed page shared on Facebook', '/about', '?fbclid=IwAR0abc', serve('/about')],
  ['a page starting with /s', '/services', '', serve('/services')],
  ['another page starting with /s', '/startups', '', serve('/startups')],

  // §2.2 rule 1: a domain-like segment goes home.
  ['a .com/ segment', '/www.google.com/search', '', home('domain-like')],
  ['a .org/ segment', '/example.org/page', '', home('domain-like')],
  ['a .net/ segment', '/cdn.example.net/x', '', home('domain-like')],
  ['a .io/ segment', '/app.example.io/', '', home('domain-like')],
  ['a pasted full URL', '/https://panelwise.com/about', '', home('domain-like')],
  ['a domain at the end of the path', '/evil.com', '', home('domain-like')],
  ['a percent-encoded domain', '/evil%2Ecom%2Fpath', '', home('domain-like')],
  ['an upper-case domain', '/EVIL.COM/x', '', home('domain-like')],

  // §2.2 rule 2: link wrappers go home.
  ['Facebook /l/', '/l/abc', '', home('link-wrapper')],
  ['Facebook /l.php', '/l.php', '?u=https%3A%2F%2Fx', home('link-wrapper')],
  ['/sharer', '/sharer', '', home('link-wrapper')],
  ['/sharer.php', '/sharer.php', '?u=x', home('link-wrapper')],
  ['/sharer/ with more', '/sharer/sharer', '', home('link-wrapper')],
  ['/share', '/share', '', home('link-wrapper')],
  ['/share/ with more', '/share/offsite', '', home('link-wrapper')],
  ['/dialog/', '/dialog/share', '', home('link-wrapper')],
  ['/search', '/search', '?q=interviews', home('link-wrapper')],
  ['/url', '/url', '?q=https://x', home('link-wrapper')],
  ['/imgres', '/imgres', '?imgurl=x', home('link-wrapper')],
  ['/amp', '/amp/s/panelwise.dev', '', home('link-wrapper')],
  ['/s', '/s', '', home('link-wrapper')],
  ['/s/ with more', '/s/abc', '', home('link-wrapper')],
  ['/u/', '/u/123', '', home('link-wrapper')],
  ['/redirect/', '/redirect/abc', '', home('link-wrapper')],
  ['/go/', '/go/offer', '', home('link-wrapper')],
  ['/links/', '/links/1', '', home('link-wrapper')],
  ['a wrapper in upper case', '/SHARER.PHP', '', home('link-wrapper')],
  [
    'fbclid= in the query of an unlisted path',
    '/old-page',
    '?fbclid=IwAR0abc',
    home('link-wrapper'),
  ],
  [
    'fbclid= percent-encoded in the query',
    '/old-page',
    '?x=1%26fbclid%3Dabc',
    home('link-wrapper'),
  ],
  ['fbclid= inside the path', '/old&fbclid=abc', '', home('link-wrapper')],

  // §2.2 rule 3: the longest listed prefix, else not found.
  ['below a listed page', '/services/unknown', '', to('/services', 'prefix')],
  [
    'deep below a nested listed page',
    '/services/system-design/extra/more',
    '',
    to('/services/system-design', 'prefix'),
  ],
  ['below an industry', '/industries/ai-ml/roles', '', to('/industries/ai-ml', 'prefix')],
  ['an unlisted industry', '/industries/quantum', '', notFound('unlisted')],
  ['a prefix that is not a whole segment', '/servicesx', '', notFound('unlisted')],
  ['"/" is never a prefix target', '/no-such-page', '', notFound('unlisted')],
  ['a path starting with /s but not a segment', '/sitemap-old', '', notFound('unlisted')],
  ['a path starting with /go but not /go/', '/goals', '', notFound('unlisted')],

  // Awkward spellings of listed pages are redirected to the canonical one.
  ['a trailing slash', '/about/', '', to('/about', 'canonical')],
  ['double slashes', '//services//system-design', '', to('/services/system-design', 'canonical')],
  ['upper case', '/About', '', to('/about', 'canonical')],
  ['percent-encoded letters', '/%61bout', '', to('/about', 'canonical')],
  ['upper case below a listed page', '/Services/Foo', '', to('/services', 'prefix')],
  ['a trailing slash below a listed page', '/process/step/', '', to('/process', 'prefix')],

  // Inputs a guard must not trip over.
  ['malformed percent-encoding', '/%E0%A4%A', '', notFound('malformed')],
  ['an encoded NUL', '/about%00', '', notFound('malformed')],
  ['dot segments', '/services/../etc/passwd', '', notFound('malformed')],
  ['encoded dot segments', '/services/%2e%2e/%2e%2e/etc', '', notFound('malformed')],
  ['a very long path', `/${'a'.repeat(MAX_PATH_LENGTH + 10)}`, '', notFound('too-long')],
  [
    'a very long path below a listed page within the limit',
    `/services/${'a'.repeat(1000)}`,
    '',
    to('/services', 'prefix'),
  ],
]

describe('route guard (§2.2)', () => {
  it.each(CASES)('%s: %s%s', (_what, pathname, search, expected) => {
    expect(guardRoute(pathname, search, ROUTES)).toEqual(expected)
  })

  it('never redirects to an address that is not listed', () => {
    for (const [, pathname, search] of CASES) {
      const decision = guardRoute(pathname, search, ROUTES)
      if (decision.action === 'redirect') expect(ROUTES).toContain(decision.to)
    }
  })

  it('answers quickly even for a pathological path', () => {
    const started = performance.now()
    guardRoute(`/${'a/'.repeat(MAX_PATH_LENGTH / 2 - 2)}`, '', ROUTES)
    guardRoute(`/${'.com'.repeat(500)}`, `?${'fbclid'.repeat(1000)}`, ROUTES)
    expect(performance.now() - started).toBeLessThan(50)
  })
})
