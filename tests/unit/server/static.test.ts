import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { headerRules, securityHeadersOf } from '../../../server/headers.ts'
import { createStaticSite } from '../../../server/static.ts'

let root: string
let server: Server
let base: string
/** What the server logged, as the JSON lines it would print. */
const logged: Record<string, unknown>[] = []

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'static-site-'))
  await mkdir(path.join(root, 'about'))
  await mkdir(path.join(root, 'assets'))
  await writeFile(path.join(root, 'index.html'), '<h1>Home</h1>')
  await writeFile(path.join(root, 'about/index.html'), '<h1>About</h1>')
  await writeFile(path.join(root, '404.html'), '<h1>Page not found</h1>')
  await writeFile(path.join(root, 'assets/app.abc123.js'), 'console.log(1)'.repeat(100))
  await writeFile(path.join(root, '_headers'), '/*\n  X-Test: 1\n')
  await writeFile(path.join(root, 'vercel.json'), '{}')
  await mkdir(path.join(root, 'admin'))
  await writeFile(path.join(root, 'admin/index.html'), '<h1>Editor</h1>')
  await writeFile(path.join(root, 'admin/callback.html'), '<h1>Signing in</h1>')
  // A public page whose path starts like the editor's.
  await mkdir(path.join(root, 'administration'))
  await writeFile(path.join(root, 'administration/index.html'), '<h1>Administration</h1>')
  await mkdir(path.join(root, 'images'))
  for (const file of ['photo.avif', 'photo.webp', 'font.woff2', 'site.webmanifest', 'feed.xml'])
    await writeFile(path.join(root, 'images', file), 'x')
  const rules = headerRules({ schedulerUrl: 'https://cal.example/team/30min' }, [
    '/',
    '/about',
    '/404.html',
    '/admin',
    '/admin/callback.html',
    '/administration',
  ])
  const site = createStaticSite(root, rules, {
    info: (event, fields) => logged.push({ level: 'info', event, ...fields }),
    error: (event, fields) => logged.push({ level: 'error', event, ...fields }),
  })
  // As the edge does (server/http-edge.ts): the every-path headers first, then the site's.
  const everyPath = securityHeadersOf(rules)
  server = createServer((req, res) => {
    for (const [name, value] of Object.entries(everyPath)) res.setHeader(name, value)
    void site.handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(root, { recursive: true })
})

describe('static site server', () => {
  it('answers a route with its prerendered index.html, revalidated', async () => {
    const response = await fetch(`${base}/about`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(await response.text()).toBe('<h1>About</h1>')
  })

  it('answers an unknown path with the 404 page and status 404, and logs it', async () => {
    logged.length = 0
    const response = await fetch(`${base}/no/such/page`)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('<h1>Page not found</h1>')
    expect(logged).toEqual([
      {
        level: 'info',
        event: 'route-guard',
        path: '/no/such/page',
        action: 'not-found',
        rule: 'unlisted',
      },
    ])
  })

  it('redirects what the route guard redirects, without following it, and logs each', async () => {
    const cases: [string, number, string, string][] = [
      ['/about/team', 302, '/about?redirected_from=%2Fabout%2Fteam', 'prefix'],
      ['/l.php?u=https%3A%2F%2Fexample.com', 302, '/?redirected_from=%2Fl.php', 'link-wrapper'],
      [
        '/www.example.com/about',
        302,
        '/?redirected_from=%2Fwww.example.com%2Fabout',
        'domain-like',
      ],
      ['/old-page?fbclid=IwAR0abc', 302, '/?redirected_from=%2Fold-page', 'link-wrapper'],
      ['/About?ref=x', 301, '/about?ref=x', 'canonical'],
      // A page's address with a slash at the end, as Cloudflare's drop-trailing-slash sends it.
      ['/about/', 301, '/about', 'canonical'],
    ]
    for (const [url, status, location, rule] of cases) {
      logged.length = 0
      const response = await fetch(`${base}${url}`, { redirect: 'manual' })
      expect(response.status, url).toBe(status)
      expect(response.headers.get('location'), url).toBe(location)
      expect(logged, url).toEqual([
        {
          level: 'info',
          event: 'route-guard',
          path: new URL(url, base).pathname,
          action: 'redirect',
          rule,
          target: new URL(location, base).pathname,
          status,
        },
      ])
    }
  })

  it('serves a listed page whatever its query string', async () => {
    const response = await fetch(`${base}/about?fbclid=IwAR0abc`, { redirect: 'manual' })
    expect(response.status).toBe(200)
  })

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await fetch(`${base}/assets/app.abc123.js`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(await response.text()).toBe('console.log(1)'.repeat(100))
  })

  it('never serves files outside its root', async () => {
    for (const attempt of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A']) {
      const response = await fetch(`${base}${attempt}`)
      expect(response.status, attempt).toBe(404)
    }
  })

  it('sends the security headers of the rules on pages, assets and the 404 page', async () => {
    for (const address of ['/', '/about', '/assets/app.abc123.js', '/no/such/page']) {
      const response = await fetch(`${base}${address}`)
      expect(response.headers.get('content-security-policy'), address).toContain(
        "default-src 'none'",
      )
      expect(response.headers.get('content-security-policy'), address).toContain(
        'frame-src https://cal.example',
      )
      expect(response.headers.get('strict-transport-security'), address).toBe(
        'max-age=31536000; includeSubDomains',
      )
      expect(response.headers.get('x-content-type-options'), address).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), address).toBe(
        'strict-origin-when-cross-origin',
      )
      expect(response.headers.get('cross-origin-opener-policy'), address).toBe('same-origin')
      expect(response.headers.get('permissions-policy'), address).toContain('camera=()')
    }
    const notFound = await fetch(`${base}/no/such/page`)
    expect(notFound.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  })

  it("answers the editor's pages as the host does, with the editor's section's headers only", async () => {
    // /admin/callback is callback.html, as Cloudflare answers it; the sign-in popup lands there.
    const callback = await fetch(`${base}/admin/callback`, { redirect: 'manual' })
    expect(callback.status).toBe(200)
    expect(await callback.text()).toBe('<h1>Signing in</h1>')
    // No COOP in the editor's section: the popup keeps its opener (the edge's public
    // same-origin is taken away, as the hosts' files take it away).
    expect(callback.headers.get('cross-origin-opener-policy')).toBeNull()
    expect(callback.headers.get('x-robots-tag')).toBe('noindex')
    const editor = await fetch(`${base}/admin/`)
    expect(editor.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
    const page = await fetch(`${base}/about`)
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin')
    expect(page.headers.get('x-robots-tag')).toBeNull()
  })

  it("answers a public page whose path starts like the editor's with the public headers", async () => {
    const [page, lookAlike] = await Promise.all(
      ['/about', '/administration'].map((address) => fetch(`${base}${address}`)),
    )
    expect(await lookAlike!.text()).toBe('<h1>Administration</h1>')
    expect(Object.fromEntries(lookAlike!.headers)).toEqual({
      ...Object.fromEntries(page!.headers),
      date: lookAlike!.headers.get('date'),
      'content-length': lookAlike!.headers.get('content-length'),
    })
    expect(lookAlike!.headers.get('x-robots-tag')).toBeNull()
  })

  it('never serves the files meant for the static hosts', async () => {
    for (const file of ['/_headers', '/vercel.json']) {
      const response = await fetch(`${base}${file}`)
      expect(response.status, file).toBe(404)
      expect(await response.text()).toBe('<h1>Page not found</h1>')
    }
  })

  it('refuses methods a static site does not answer', async () => {
    const response = await fetch(`${base}/`, { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  it('names content types from the mime-db table, .avif included', async () => {
    const expected: Record<string, string> = {
      'photo.avif': 'image/avif',
      'photo.webp': 'image/webp',
      'font.woff2': 'font/woff2',
      'site.webmanifest': 'application/manifest+json; charset=utf-8',
      'feed.xml': 'application/xml',
    }
    for (const [file, type] of Object.entries(expected)) {
      const response = await fetch(`${base}/images/${file}`)
      expect(response.headers.get('content-type'), file).toBe(type)
    }
  })

  it('redirects empty path segments to the canonical address instead of failing', async () => {
    for (const [target, location] of [
      ['///', '/'],
      ['//about', '/about'],
    ]) {
      const response = await fetch(`${base}${target}`, { redirect: 'manual' })
      expect(response.status, target).toBe(301)
      expect(response.headers.get('location'), target).toBe(location)
      expect(response.headers.get('x-content-type-options'), target).toBe('nosniff')
    }
  })

  it('sends the security headers on a 405', async () => {
    const response = await fetch(`${base}/about`, { method: 'DELETE' })
    expect(response.status).toBe(405)
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
  })
})
