// Found, shared and safe: every route's head, structured data, crawler files and response
// headers, checked on the built site as the local server sends it.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { PAGE_SCRIPT_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { PAGE_SCRIPT_LOADER } from '../../renderer/page-script.ts'
import { socialCardPath } from '../../site/social-card-path.ts'
import { THEME_SCRIPT } from '../../renderer/theme-script.ts'
import { cspHash } from '../../builder/outputs/inline-sources.ts'
import { expectedRoutes } from '../../builder/content/route-table.ts'
import { clientDir } from './built-site.ts'
import { fetchText } from './helpers.ts'

const routes = await expectedRoutes()
const content = (await loadContent(path.resolve(import.meta.dirname, '../..'), collections)).entries
const entryData = <C extends 'pages' | 'industries' | 'faqs' | 'pricing'>(name: C, id: string) =>
  (content.get(name) as { id: string; data: EntryData<C> }[]).find((entry) => entry.id === id)!.data
/** The questions content puts on a route: its FAQ sections, or an industry's FAQ set. */
function questionsOn(route: (typeof routes)[number]): string[] {
  const faqIds =
    route.collection === 'industries'
      ? [entryData('industries', route.id).faq]
      : route.collection === 'pages'
        ? entryData('pages', route.id).sections.flatMap((section) =>
            section.type === 'faq' ? [section.faq] : [],
          )
        : []
  return faqIds.flatMap((id) => entryData('faqs', id).items.map((item) => item.question))
}
/** The plans content prices on a route: its pricing sections' plans. */
function plansOn(route: (typeof routes)[number]): string[] {
  if (route.collection !== 'pages') return []
  return entryData('pages', route.id).sections.flatMap((section) =>
    section.type === 'pricing'
      ? entryData('pricing', section.plans).items.map((plan) => plan.title)
      : [],
  )
}

type Json = Record<string, unknown>
const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1]
const meta = (html: string, key: string) =>
  attribute(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))
const jsonLd = (html: string): Json[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, body]) => JSON.parse(body!) as Json,
  )
const decode = (text: string) =>
  text
    // Characters above U+00FF come as references (renderer/latin1-html.ts).
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** Each schema.org type's fields that search engines require, checked on every block. */
function expectRequiredFields(data: Json, origin: string) {
  expect(data['@context']).toBe('https://schema.org')
  const absolute = (value: unknown) => expect(String(value)).toMatch(new RegExp(`^${origin}/`))
  switch (data['@type']) {
    case 'Organization': {
      expect(data.name).toBeTruthy()
      absolute(data.url)
      absolute(data.logo)
      expect((data.sameAs as string[]).length).toBeGreaterThan(0)
      expect((data.contactPoint as Json).telephone).toMatch(/^\+\d{7,15}$/)
      break
    }
    case 'WebSite':
      expect(data.name).toBeTruthy()
      absolute(data.url)
      break
    case 'FAQPage': {
      const questions = data.mainEntity as Json[]
      expect(questions.length).toBeGreaterThan(0)
      for (const question of questions) {
        expect(question['@type']).toBe('Question')
        expect(question.name).toBeTruthy()
        expect((question.acceptedAnswer as Json)['@type']).toBe('Answer')
        expect((question.acceptedAnswer as Json).text).toBeTruthy()
      }
      break
    }
    case 'BreadcrumbList': {
      const items = data.itemListElement as Json[]
      expect(items.length).toBeGreaterThanOrEqual(2)
      items.forEach((item, index) => {
        expect(item['@type']).toBe('ListItem')
        expect(item.position).toBe(index + 1)
        expect(item.name).toBeTruthy()
        absolute(item.item)
      })
      break
    }
    case 'Service': {
      expect(data.name).toBeTruthy()
      expect(data.provider).toBeTruthy()
      for (const offer of data.offers as Json[]) {
        expect(offer['@type']).toBe('Offer')
        expect(offer.price).toMatch(/^\d+(\.\d+)?$/)
        expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/)
      }
      break
    }
    case 'Article': {
      expect(data.headline).toBeTruthy()
      absolute(data.url)
      for (const image of data.image as string[]) absolute(image)
      expect(data.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(String(data.dateModified) >= String(data.datePublished)).toBe(true)
      expect((data.author as Json[])[0]!.name).toBeTruthy()
      expect(data.publisher).toBeTruthy()
      break
    }
    default:
      throw new Error(`unexpected JSON-LD type ${String(data['@type'])}`)
  }
}

test.describe('every route', () => {
  for (const route of routes) {
    test(`${route.path}: head tags, icons, social card and structured data`, async ({
      request,
    }) => {
      const html = await (await request.get(route.path)).text()
      // Written in Latin-1, so the build holds each page at one byte a character
      // (renderer/latin1-html.ts).
      expect(html.match(/[\u0100-\u{10ffff}]/gu) ?? []).toEqual([])
      const canonical = attribute(html, /<link rel="canonical" href="([^"]+)"/)
      expect(canonical).toMatch(new RegExp(`^https://[^/]+${route.path}$`))
      const origin = new URL(canonical!).origin
      expect(html).not.toContain('name="robots"')

      const title = decode(attribute(html, /<title>([^<]+)<\/title>/) ?? '')
      expect(title).toContain(route.title)
      expect(meta(html, 'description')!.length).toBeGreaterThan(50)
      expect(decode(meta(html, 'og:title')!)).toBe(title)
      expect(meta(html, 'og:description')).toBe(meta(html, 'description'))
      expect(meta(html, 'og:url')).toBe(canonical)
      expect(meta(html, 'og:type')).toBe(route.collection === 'articles' ? 'article' : 'website')
      // The feed is announced on every page.
      expect(html).toMatch(
        new RegExp(
          `<link rel="alternate" type="application/rss\\+xml" title="[^"]+" href="${origin}/rss.xml"`,
        ),
      )
      expect(meta(html, 'twitter:card')).toBe('summary_large_image')
      expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'))
      expect(meta(html, 'og:image:alt')).toBeTruthy()
      expect(meta(html, 'theme-color')).toMatch(/^#[0-9a-f]{6}$/)

      // The route's own social card, drawn from its title: a real 1200×630 PNG, served from the
      // absolute address the tags give, described by its alt text.
      const card = meta(html, 'og:image')!
      expect(card).toBe(meta(html, 'twitter:image'))
      expect(card).toBe(origin + socialCardPath(route.path))
      const served = await request.get(new URL(card).pathname)
      expect(served.status(), card).toBe(200)
      expect(served.headers()['content-type']).toBe('image/png')
      const png = await served.body()
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630'])
      expect(decode(meta(html, 'og:image:alt')!)).toContain(route.title)
      expect(meta(html, 'twitter:image:alt')).toBe(meta(html, 'og:image:alt'))

      for (const rel of ['icon', 'apple-touch-icon', 'manifest']) {
        const links = [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, 'g'))]
        expect(links.length, rel).toBeGreaterThan(0)
        for (const [, href] of links) expect((await request.get(href!)).status(), href).toBe(200)
      }
      expect(html).toMatch(/<link rel="icon" href="[^"]+\.svg" type="image\/svg\+xml"/)
      expect(html).toMatch(/<link rel="icon" href="[^"]+\.png" type="image\/png"/)

      const blocks = jsonLd(html)
      for (const block of blocks) expectRequiredFields(block, origin)
      const types = blocks.map((block) => block['@type'])
      expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']))
      expect(new Set(types).size).toBe(types.length)

      // FAQPage on every page whose content has questions, with exactly those, all shown.
      const faq = blocks.find((block) => block['@type'] === 'FAQPage')
      const questions = questionsOn(route)
      if (questions.length) {
        const items = faq!.mainEntity as { name: string; acceptedAnswer: { text: string } }[]
        expect(items.map((item) => item.name)).toEqual(questions)
        const text = decode(html)
        for (const item of items) {
          expect(text).toContain(item.name)
          expect(text).toContain(item.acceptedAnswer.text)
        }
      } else expect(faq).toBeUndefined()

      // Service with one Offer per plan on every page whose content shows prices.
      const service = blocks.find((block) => block['@type'] === 'Service')
      const plans = plansOn(route)
      if (plans.length)
        expect((service!.offers as Json[]).map((offer) => offer.name)).toEqual(plans)
      else expect(service).toBeUndefined()

      // Article on article pages only.
      const articleBlock = blocks.find((block) => block['@type'] === 'Article')
      if (route.collection === 'articles') expect(articleBlock?.url).toBe(canonical)
      else expect(articleBlock).toBeUndefined()

      // BreadcrumbList on legal and nested pages, ending at the page itself.
      const breadcrumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList')
      if (route.collection === 'legal' || route.path.split('/').length > 2) {
        const items = breadcrumbs?.itemListElement as Json[] | undefined
        expect(items?.at(0)?.item).toBe(`${origin}/`)
        expect(items?.at(-1)?.item).toBe(canonical)
      }
    })
  }
})

test('the not-found page is marked noindex, has no canonical URL and is not in the sitemap', async ({
  request,
}) => {
  const html = await fetchText(request, '/no-such-page', 404)
  expect(meta(html, 'robots')).toBe('noindex')
  expect(html).not.toContain('rel="canonical"')
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).not.toMatch(/404|no-such-page/)
})

test('sitemap.xml lists every route, with lastmod from content for legal pages and articles', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml')
  expect(response.headers()['content-type']).toContain('application/xml')
  const xml = await response.text()
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) =>
    new URL(loc!).pathname.replace(/(.)\/$/, '$1'),
  )
  expect(locations.sort()).toEqual(routes.map((route) => route.path).sort())
  const dated = ['legal', 'articles', 'tags', 'article-list']
  for (const route of routes.filter((candidate) => dated.includes(candidate.collection)))
    expect(xml).toMatch(
      new RegExp(`${route.path}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
    )
})

test('robots.txt allows crawling and points at the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toMatch(/^User-agent: \*$/m)
  expect(robots).toMatch(/^Sitemap: https:\/\/[^/]+\/sitemap\.xml$/m)
})

test('the web manifest names the site and its icons exist', async ({ request }) => {
  const manifest = (await (await request.get('/site.webmanifest')).json()) as {
    name: string
    icons: { src: string; sizes: string }[]
  }
  expect(manifest.name).toBeTruthy()
  for (const icon of manifest.icons) {
    const png = await readFile(path.join(clientDir, icon.src))
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes)
  }
})

test.describe('response headers', () => {
  const required = {
    'strict-transport-security': /^max-age=31536000; includeSubDomains$/,
    'x-content-type-options': /^nosniff$/,
    'referrer-policy': /^strict-origin-when-cross-origin$/,
    'permissions-policy': /camera=\(\)/,
    'cross-origin-opener-policy': /^same-origin$/,
    'content-security-policy': /default-src 'none'/,
  }

  test('every route, the 404 page and the assets carry the security headers', async ({
    request,
  }) => {
    const home = await (await request.get('/')).text()
    const asset = new RegExp(`<script ${PAGE_SCRIPT_ATTRIBUTE}="([^"]+)"`).exec(home)?.[1]
    expect(asset).toMatch(/^\/assets\//)
    for (const address of [...routes.map((route) => route.path), '/no-such-page', asset!]) {
      const headers = (await request.get(address)).headers()
      for (const [name, value] of Object.entries(required))
        expect(headers[name], `${address} ${name}`).toMatch(value)
    }
    const assetHeaders = (await request.get(asset!)).headers()
    expect(assetHeaders['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const route of routes)
      expect((await request.get(route.path)).headers()['cache-control']).toBe(
        'public, max-age=0, must-revalidate',
      )
  })

  test('the policy allows two inline scripts, the theme and the page loader, and frames only the scheduler', async ({
    request,
  }) => {
    const policy = (await request.get('/')).headers()['content-security-policy']!
    const directives = new Map(
      policy.split(';').map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/)
        return [name, sources]
      }),
    )
    expect(directives.get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      ...[cspHash(PAGE_SCRIPT_LOADER), cspHash(THEME_SCRIPT)].sort(),
    ])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'self'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('form-action')).toEqual(["'self'"])
    expect(directives.get('frame-src')).toHaveLength(1)
    expect(directives.get('connect-src')?.[0]).toBe("'self'")
  })

  test('the hosting rule files are not served', async ({ request }) => {
    for (const file of ['/_headers', '/vercel.json'])
      expect((await request.get(file)).status(), file).toBe(404)
  })
})

// The policy in the browser (no violation on any route, with every menu and dialog opened) is
// checked in accessibility.spec.ts, in the one visit each route gets.
