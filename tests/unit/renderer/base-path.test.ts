// The site under a base path (renderer/base-path.ts): parsing SITE_BASE_PATH, the document step
// that puts addresses under it, the hosting rules and the local server's answers.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostingRedirects } from '../../../builder/outputs/hosting-redirects.ts'
import { parseBasePath, withBase, withoutBase } from '../../../renderer/base-path.ts'
import { htmlUnderBase } from '../../../renderer/base-path-html.ts'
import { guardRoute, REDIRECTED_FROM_PARAM } from '../../../renderer/guard.ts'
import { headerRules } from '../../../server/headers.ts'
import { createStaticSite } from '../../../server/static.ts'
import { parsePreviewFlag } from '../../../site/preview-build.ts'
import { silentLogger } from '../../../supabase/functions/send-contact-email/logger.ts'

const BASE = '/repo/pr-12/'

describe('SITE_BASE_PATH', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/', '/'],
    ['/repo/pr-12/', BASE],
    ['/repo/pr-12', BASE],
    ['/panelwise.github.io/', '/panelwise.github.io/'],
  ])('reads %j as %j', (value, base) => expect(parseBasePath(value)).toBe(base))

  it.each(['repo/pr-12/', '/repo//pr-12/', '/repo/../x/', '/a b/', 'https://x.dev/repo/'])(
    'refuses %j with a sentence naming the variable',
    (value) => expect(() => parseBasePath(value)).toThrow(/SITE_BASE_PATH must be a path like/),
  )

  it('adds the base to an address and takes it off a request path', () => {
    expect(withBase('/about', BASE)).toBe('/repo/pr-12/about')
    expect(withBase('/', BASE)).toBe(BASE)
    expect(withBase('/about', '/')).toBe('/about')
    expect(withoutBase('/repo/pr-12/about', BASE)).toBe('/about')
    expect(withoutBase(BASE, BASE)).toBe('/')
    expect(withoutBase('/repo/pr-12', BASE)).toBeUndefined()
    expect(withoutBase('/about', BASE)).toBeUndefined()
    expect(withoutBase('/about', '/')).toBe('/about')
  })
})

describe('SITE_PREVIEW', () => {
  it('is on for "true" only, off when unset, and refuses anything else', () => {
    expect(parsePreviewFlag('true')).toBe(true)
    for (const value of [undefined, '', 'false']) expect(parsePreviewFlag(value)).toBe(false)
    expect(() => parsePreviewFlag('yes')).toThrow(/SITE_PREVIEW must be "true" or "false"/)
  })
})

describe('the document under a base path', () => {
  const html =
    '<link rel="icon" href="/favicon.svg"/><a href="/about">About</a><a href="#main">Skip</a>' +
    '<a href="https://x.dev/a">Out</a><a href="//cdn.example/x">CDN</a><a href="mailto:a@b.c">Mail</a>' +
    '<img src="/images/a-480.avif" alt=""/><source srcSet="/images/a-480.avif 480w, /images/a-800.avif 800w"/>' +
    '<form action="/contact"></form><div data-props="{&quot;href&quot;:&quot;/about&quot;}"></div>'

  it('puts every root-relative address of an attribute under the base, and nothing else', () => {
    expect(htmlUnderBase(html, BASE)).toBe(
      '<link rel="icon" href="/repo/pr-12/favicon.svg"/><a href="/repo/pr-12/about">About</a><a href="#main">Skip</a>' +
        '<a href="https://x.dev/a">Out</a><a href="//cdn.example/x">CDN</a><a href="mailto:a@b.c">Mail</a>' +
        '<img src="/repo/pr-12/images/a-480.avif" alt=""/><source srcSet="/repo/pr-12/images/a-480.avif 480w, /repo/pr-12/images/a-800.avif 800w"/>' +
        '<form action="/repo/pr-12/contact"></form><div data-props="{&quot;href&quot;:&quot;/about&quot;}"></div>',
    )
  })

  it('leaves the document of a site at "/" as it is', () => {
    expect(htmlUnderBase(html, '/')).toBe(html)
  })
})

describe('hosting redirects under a base path', () => {
  const routes = ['/', '/about', '/services', '/services/system-design']
  const { redirectsFile, vercel } = hostingRedirects(routes, BASE)

  it('moves every source and target of _redirects below the base', () => {
    const rules = redirectsFile.split('\n').filter((line) => line && !line.startsWith('#'))
    expect(rules.length).toBeGreaterThan(10)
    for (const rule of rules) {
      const [source = '', target = ''] = rule.split(' ')
      expect(source.startsWith(BASE), rule).toBe(true)
      expect(target.startsWith(BASE), rule).toBe(true)
    }
    expect(redirectsFile).toContain(
      `/repo/pr-12/go/* /repo/pr-12/?${REDIRECTED_FROM_PARAM}=/repo/pr-12/go/:splat 302`,
    )
  })

  it('moves every Vercel rule below the base', () => {
    for (const rule of vercel) {
      expect(rule.source.startsWith(BASE), rule.source).toBe(true)
      expect(rule.destination.startsWith(BASE), rule.destination).toBe(true)
    }
  })

  it('writes the same rules as a site at "/" when the base is "/"', () => {
    expect(hostingRedirects(routes, '/')).toEqual(hostingRedirects(routes))
  })
})

describe('the local server under a base path', () => {
  let root: string
  let server: Server
  let origin: string
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'base-path-site-'))
    await mkdir(path.join(root, 'process'))
    await writeFile(path.join(root, 'index.html'), '<h1>Home</h1>')
    await writeFile(path.join(root, 'process/index.html'), '<h1>Process</h1>')
    await writeFile(path.join(root, '404.html'), '<h1>Page not found</h1>')
    const rules = headerRules({ schedulerUrl: 'https://cal.example/team/30min' }, ['/', '/process'])
    const site = createStaticSite(root, rules, silentLogger, BASE)
    server = createServer((req, res) => void site.handle(req, res))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await rm(root, { recursive: true })
  })

  const get = (pathname: string) => fetch(origin + pathname, { redirect: 'manual' })

  it('answers the pages under the base, with their header rules', async () => {
    const home = await get(BASE)
    expect([home.status, await home.text()]).toEqual([200, '<h1>Home</h1>'])
    const page = await get('/repo/pr-12/process')
    expect([page.status, await page.text()]).toEqual([200, '<h1>Process</h1>'])
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('redirects as the guard does, to an address under the base, noting the full one', async () => {
    expect(guardRoute('/process/unknown-step', '', ['/', '/process']).action).toBe('redirect')
    const response = await get('/repo/pr-12/process/unknown-step')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(
      `/repo/pr-12/process?${REDIRECTED_FROM_PARAM}=${encodeURIComponent('/repo/pr-12/process/unknown-step')}`,
    )
    const canonical = await get('/repo/pr-12/Process/')
    expect([canonical.status, canonical.headers.get('location')]).toEqual([
      301,
      '/repo/pr-12/process',
    ])
  })

  it('sends the base without its slash to the home page, and finds nothing outside it', async () => {
    const bare = await get('/repo/pr-12?x=1')
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/repo/pr-12/?x=1'])
    for (const outside of ['/', '/process', '/repo/pr-13/process']) {
      const response = await get(outside)
      expect([response.status, await response.text()], outside).toEqual([
        404,
        '<h1>Page not found</h1>',
      ])
    }
  })
})
