import { describe, expect, it } from 'vitest'
import {
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  contentSecurityPolicy,
  cspHash,
  devEditorContentSecurityPolicy,
  editorContentSecurityPolicy,
  headerRules,
  headersFor,
  matches,
  ruleApplies,
  securityHeadersOf,
  type HeaderRule,
} from '../../../server/headers.ts'
import { adminPagePolicy } from '../../../builder/vite/admin-plugin.ts'
import { isPublicFile } from '../../../site/editor.ts'
import {
  mergeVercelConfig,
  toHeadersFile,
  vercelSource,
} from '../../../builder/outputs/hosting-headers.ts'

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

  it('allows no style attribute written in the HTML', () => {
    const styled = directives(
      contentSecurityPolicy({ schedulerUrl: 'https://cal.com/x', styleHashes: ["'sha256-s'"] }),
    )
    expect(styled.get('style-src')).toEqual(["'self'", "'sha256-s'"])
    expect(styled.has('style-src-attr')).toBe(false)
  })
})

/** At each address, every header comes from one rule at most: hosts would join two rules' values. */
function expectNoHeaderFromTwoRules(rules: HeaderRule[], addresses: readonly string[]) {
  for (const address of addresses) {
    const names = rules
      .filter((rule) => ruleApplies(rule, address))
      .flatMap((rule) => Object.keys(rule.headers))
    expect(new Set(names).size, address).toBe(names.length)
  }
}

describe('header rules', () => {
  const rules = headerRules({ schedulerUrl: 'https://cal.com/x' }, ['/about', '/', '/404.html'])

  it('caches hashed assets for a year and revalidates pages', () => {
    expect(headersFor(rules, '/assets/entries/app.abc.js')['Cache-Control']).toBe(CACHE_IMMUTABLE)
    expect(headersFor(rules, '/about')['Cache-Control']).toBe(CACHE_REVALIDATE)
    // Cloudflare's reading: /about/ is its own path, which its drop-trailing-slash redirects.
    expect(headersFor(rules, '/about/')['Cache-Control']).toBeUndefined()
    expect(headersFor(rules, '/')['Cache-Control']).toBe(CACHE_REVALIDATE)
    expect(headersFor(rules, '/')['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('never sets one header from two rules matching the same path (hosts would join them)', () => {
    const addresses = [
      '/',
      '/about',
      '/404.html',
      '/assets/a.js',
      '/favicon.svg',
      '/admin',
      '/admin/',
    ]
    expectNoHeaderFromTwoRules(rules, addresses)
  })

  it('matches exact paths and prefixes the way Cloudflare reads _headers', () => {
    // Each rule, the paths it takes and the paths it leaves.
    const cases: [rule: string, takes: string[], leaves: string[]][] = [
      ['/*', ['/anything/at/all', '/'], []],
      ['/assets/*', ['/assets/x.js'], ['/assetsx.js']],
      ['/about', [], ['/about/team']],
      ['/admin', ['/admin'], ['/admin/', '/administration']],
      ['/admin/*', ['/admin/', '/admin/callback.html'], ['/admin', '/administration']],
    ]
    for (const [rule, takes, leaves] of cases) {
      for (const path of takes) expect(matches(rule, path), `${rule} takes ${path}`).toBe(true)
      for (const path of leaves) expect(matches(rule, path), `${rule} leaves ${path}`).toBe(false)
    }
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
    const kept = rules.filter((rule) => rule.headers['Cache-Control'] !== CACHE_REVALIDATE)
    expect(() => toHeadersFile([...rules, ...many])).toThrow(
      `_headers would hold ${kept.length + 100} rules; Cloudflare applies at most 100`,
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
    expect(merged.headers[0].source).toBe('/((?!admin/?$|admin/.).*)')
    expect(merged.headers).toContainEqual({
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

describe("the editor's section (/admin)", () => {
  const editor = { githubApiUrl: undefined }
  const rules = headerRules({ schedulerUrl: 'https://cal.com/x', editor }, [
    '/',
    '/about',
    '/404.html',
    '/admin',
    '/admin/config.json',
  ])
  const publicPolicy = contentSecurityPolicy({ schedulerUrl: 'https://cal.com/x' })

  it('has its own policy, reaching GitHub and the sign-in’s exchange, and no public page has it', () => {
    expect(
      directives(
        editorContentSecurityPolicy({ signInExchangeUrl: 'https://ref.supabase.co/' }),
      ).get('connect-src'),
    ).toEqual(["'self'", 'blob:', 'https://api.github.com', 'https://ref.supabase.co'])
    const policy = directives(editorContentSecurityPolicy(editor))
    expect(policy.get('default-src')).toEqual(["'none'"])
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-eval'"])
    expect(policy.get('connect-src')).toEqual(["'self'", 'blob:', 'https://api.github.com'])
    expect(policy.get('img-src')).toContain('https://avatars.githubusercontent.com')
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    for (const address of ['/admin', '/admin/', '/admin/config.json', '/admin/assets/a.js'])
      expect(headersFor(rules, address)['Content-Security-Policy'], address).toBe(
        editorContentSecurityPolicy(editor),
      )
    for (const address of ['/', '/about', '/404.html', '/assets/a.js', '/no/such/page'])
      expect(headersFor(rules, address)['Content-Security-Policy'], address).toBe(publicPolicy)
  })

  it('on the dev server is the built editor’s, plus only the preamble’s hash and the dev socket', () => {
    const built = directives(editorContentSecurityPolicy(editor))
    const dev = directives(
      devEditorContentSecurityPolicy(editor, {
        origin: 'http://127.0.0.1:5173',
        inlineScripts: ['window.preamble=1'],
      }),
    )
    expect([...dev.keys()]).toEqual([...built.keys()])
    for (const [name, sources] of dev) {
      const added = sources.filter((source) => !built.get(name)!.includes(source))
      expect(added, name).toEqual(
        name === 'script-src'
          ? [cspHash('window.preamble=1')]
          : name === 'connect-src'
            ? ['ws://127.0.0.1:5173']
            : [],
      )
      expect(sources.slice(0, built.get(name)!.length), name).toEqual(built.get(name))
    }
  })

  it('on the dev server allows the preamble @vitejs/plugin-react writes, under the page’s base', () => {
    const policy = adminPagePolicy(
      { config: { base: '/', server: {} } } as Parameters<typeof adminPagePolicy>[0],
      { headers: { host: 'localhost:5173' } },
    )
    // The text Vite wrote into the dev server's /admin (@vitejs/plugin-react's preamble).
    const preamble = [
      'import { injectIntoGlobalHook } from "/@react-refresh";',
      'injectIntoGlobalHook(window);',
      'window.$RefreshReg$ = () => {};',
      'window.$RefreshSig$ = () => (type) => type;',
    ].join('\n')
    expect(directives(policy).get('script-src')).toContain(cspHash(preamble))
    expect(directives(policy).get('connect-src')).toContain('ws://localhost:5173')
  })

  it('is the editor’s own paths only: a public page whose path starts like them is public', () => {
    const lookAlikes = ['/administration', '/administration/team', '/admin-guide', '/adminx.js']
    for (const address of lookAlikes) {
      expect(isPublicFile(address), address).toBe(true)
      expect(headersFor(rules, address), address).toEqual(securityHeadersOf(rules))
      expect(headersFor(rules, address)['Cross-Origin-Opener-Policy'], address).toBe('same-origin')
    }
    // The same section as the public-page checks leave out (site/editor.ts).
    for (const address of ['/admin', '/admin/', '/admin/callback.html', '/admin/assets/a.js']) {
      expect(isPublicFile(address), address).toBe(false)
      expect(headersFor(rules, address)['X-Robots-Tag'], address).toBe('noindex')
    }
  })

  it('is kept out of search engines; public pages are not', () => {
    expect(headersFor(rules, '/admin/')['X-Robots-Tag']).toBe('noindex')
    expect(headersFor(rules, '/admin/callback')['X-Robots-Tag']).toBe('noindex')
    expect(headersFor(rules, '/about')['X-Robots-Tag']).toBeUndefined()
  })

  it('lets the sign-in popup keep its opener; public pages keep COOP same-origin', () => {
    expect(headersFor(rules, '/admin')['Cross-Origin-Opener-Policy']).toBe(
      'same-origin-allow-popups',
    )
    // /admin/ only redirects to /admin, on every host: no document for COOP to govern.
    expect(headersFor(rules, '/admin/')['Cross-Origin-Opener-Policy']).toBeUndefined()
    // The popup's last page, reached from the exchange's origin: any COOP would cut its opener.
    expect(headersFor(rules, '/admin/callback')['Cross-Origin-Opener-Policy']).toBeUndefined()
    expect(headersFor(rules, '/admin/callback.html')['Cross-Origin-Opener-Policy']).toBeUndefined()
    expect(headersFor(rules, '/about')['Cross-Origin-Opener-Policy']).toBe('same-origin')
  })

  it('caches its hashed scripts for a year and revalidates its page and configuration', () => {
    expect(headersFor(rules, '/admin/assets/index-abc.js')['Cache-Control']).toBe(CACHE_IMMUTABLE)
    expect(headersFor(rules, '/admin/config.json')['Cache-Control']).toBe(CACHE_REVALIDATE)
    expect(headersFor(rules, '/admin')['Cache-Control']).toBe(CACHE_REVALIDATE)
  })

  it('leaves the public security headers unchanged', () => {
    expect(securityHeadersOf(rules)).toEqual(
      securityHeadersOf(headerRules({ schedulerUrl: 'https://cal.com/x' }, [])),
    )
    expect(securityHeadersOf(rules)['Content-Security-Policy']).toBe(publicPolicy)
  })
})

/**
 * Paths that stand for every way two of these rules' patterns can meet: each pattern itself, with
 * and without its trailing slash, and with a segment or a few characters added after a prefix.
 */
function witnessPaths(rules: HeaderRule[]): string[] {
  const patterns = rules.flatMap((rule) => [rule.source, ...(rule.except ?? [])])
  return [
    ...new Set(
      patterns.flatMap((pattern) => {
        const stem = pattern.replace(/\*$/, '')
        return [
          stem,
          `${stem}/`.replace(/\/\/$/, '/'),
          `${stem}x`,
          `${stem}x/y.js`,
          stem.replace(/\/$/, ''),
        ]
      }),
    ),
  ].filter((path) => path.startsWith('/'))
}

/**
 * Cloudflare's reading of `_headers` (workers-shared: parseHeaders, then getHeaders): every rule
 * whose pattern matches applies in file order, its `! Name` lines first; a header set again
 * without being dropped in between is joined with ", ", which is what the rules must never need.
 */
function cloudflareHeaders(file: string, pathname: string) {
  const blocks = file
    .trim()
    .split('\n\n')
    .map((block) => {
      const [source = '', ...lines] = block.split('\n').map((line) => line.trim())
      return {
        source,
        drop: lines.filter((line) => line.startsWith('! ')).map((line) => line.slice(2)),
        set: lines
          .filter((line) => !line.startsWith('! '))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      }
    })
  const headers = new Map<string, string>()
  const joined: string[] = []
  const cloudflareMatches = (source: string) =>
    new RegExp(`^${source.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '.*')}$`).test(
      pathname,
    )
  for (const block of blocks.filter((candidate) => cloudflareMatches(candidate.source))) {
    for (const name of block.drop) headers.delete(name)
    for (const [name = '', value = ''] of block.set) {
      if (headers.has(name)) joined.push(name)
      headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value)
    }
  }
  return { headers: Object.fromEntries(headers), joined }
}

describe('the rules as each host reads them', () => {
  const rules = headerRules(
    {
      schedulerUrl: 'https://cal.com/x',
      editor: {},
    },
    [
      '/',
      '/about',
      '/404.html',
      '/administration',
      '/admin',
      '/admin/config.json',
      '/admin/callback.html',
    ],
  )
  const paths = witnessPaths(rules)

  it('no two rules that apply to one path set the same header', () => {
    expect(paths).toEqual(expect.arrayContaining(['/admin/', '/adminx', '/administration']))
    expectNoHeaderFromTwoRules(rules, paths)
  })

  it("_headers gives every path the rules' headers on Cloudflare, joining none", () => {
    const file = toHeadersFile(rules)
    // The revalidate rules are Cloudflare's own default, left out of the file.
    const expected = (address: string) =>
      Object.fromEntries(
        Object.entries(headersFor(rules, address)).filter(
          ([name, value]) => name !== 'Cache-Control' || value !== CACHE_REVALIDATE,
        ),
      )
    for (const address of paths) {
      const { headers, joined } = cloudflareHeaders(file, address)
      expect(joined, address).toEqual([])
      expect(headers, address).toEqual(expected(address))
    }
    expect(cloudflareHeaders(file, '/administration').headers).toEqual(securityHeadersOf(rules))
  })

  it('vercel.json gives every path the same headers, from rules that never overlap', () => {
    const vercel = JSON.parse(mergeVercelConfig(undefined, rules)) as {
      headers: { source: string; headers: { key: string; value: string }[] }[]
    }
    for (const address of paths) {
      const applying = vercel.headers.filter((rule) =>
        // As path-to-regexp reads a source: its path with or without a trailing slash.
        new RegExp(`^${rule.source}/?$`).test(address),
      )
      const names = applying.flatMap((rule) => rule.headers.map((header) => header.key))
      expect(new Set(names).size, address).toBe(names.length)
      // So on Vercel a path with its slash gets the headers of an exact rule's path without it.
      const bare = address.replace(/(.)\/$/, '$1')
      const asRead = rules.some((rule) => rule.source === bare) ? bare : address
      expect(
        Object.fromEntries(applying.flatMap((rule) => rule.headers.map((h) => [h.key, h.value]))),
        address,
      ).toEqual(headersFor(rules, asRead))
    }
  })

  it('says "except" as a lookahead for Vercel, and refuses an exception it cannot say', () => {
    const editorPage = { source: '/admin', headers: {} }
    const belowEditor = { source: '/admin/*', headers: {} }
    const everyPath = { source: '/*', except: ['/admin', '/admin/*'], headers: {} }
    const section = [everyPath, editorPage, belowEditor]
    expect(vercelSource(everyPath, section)).toBe('/((?!admin/?$|admin/.).*)')
    // The folder's own address with its slash is the exact rule's: /admin/ is /admin's there.
    expect(vercelSource(belowEditor, section)).toBe('/admin/(.+)')
    expect(vercelSource(everyPath, [everyPath])).toBe('/((?!admin/?$|admin/).*)')
    expect(vercelSource({ source: '/*', except: ['/a.b*'], headers: {} })).toBe('/((?!a\\.b).*)')
    expect(vercelSource({ source: '/*', headers: {} })).toBe('/(.*)')
    expect(vercelSource({ source: '/assets/*', headers: {} })).toBe('/assets/(.*)')
    expect(vercelSource({ source: '/admin', headers: {} })).toBe('/admin')
    expect(() => vercelSource({ source: '/assets/*', except: ['/admin'], headers: {} })).toThrow(
      'vercel.json cannot say "/assets/* except /admin"',
    )
  })

  it("keeps a public page named like the editor's out of the editor's rules on Vercel", () => {
    const [everyPath, editorPage, belowEditor] = ['/*', '/admin', '/admin/*'].map((pattern) => {
      const rule = rules.find((candidate) => candidate.source === pattern)!
      return new RegExp(`^${vercelSource(rule, rules)}/?$`)
    })
    for (const address of ['/administration', '/administration/', '/adminx', '/admin-guide/x'])
      expect(
        [everyPath, editorPage, belowEditor].map((source) => source!.test(address)),
        address,
      ).toEqual([true, false, false])
    for (const address of ['/admin', '/admin/', '/admin/callback', '/admin/assets/a.js'])
      expect(everyPath!.test(address), address).toBe(false)
  })

  it('refuses an exception no later rule takes over', () => {
    expect(() =>
      toHeadersFile([{ source: '/*', except: ['/admin/*'], headers: { 'X-A': '1' } }]),
    ).toThrow(
      'the header rule /* leaves /admin/* to a rule of its own, and no later rule has that pattern',
    )
  })
})
