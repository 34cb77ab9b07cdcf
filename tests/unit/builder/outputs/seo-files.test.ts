import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { THEME_COLOR } from '../../../../site/brand.ts'
import type { RouteEntry } from '../../../../site/routes.ts'
import { resolveSiteUrl, siteRootUrl } from '../../../../site/origin.ts'
import {
  robotsTxt,
  sitemapEntries,
  sitemapXml,
  webManifest,
} from '../../../../builder/outputs/seo-files.ts'

const routes: RouteEntry[] = [
  { path: '/', collection: 'pages', id: 'home', title: 'Home', card: { subtitle: 'Welcome' } },
  {
    path: '/terms-of-service',
    collection: 'legal',
    id: 'terms-of-service',
    title: 'Terms',
    card: { subtitle: 'The terms' },
  },
]

/** The web manifest of a site whose pages (and icons) are under `base`. */
const manifestAt = (base: string) =>
  JSON.parse(
    webManifest(
      { name: 'Panelwise', description: 'd' },
      {
        themeColor: '#000000',
        backgroundColor: '#ffffff',
        icon192: `${base}a.png`,
        icon512: `${base}b.png`,
        startUrl: base,
      },
    ),
  )

describe('crawler files', () => {
  it('lists every route with lastmod where content knows it', () => {
    const xml = sitemapXml(
      'https://panelwise.dev',
      sitemapEntries(routes, new Map([['legal/terms-of-service', '2025-04-15']])),
    )
    expect(xml).toContain('<loc>https://panelwise.dev/</loc>\n  </url>')
    expect(xml).toContain(
      '<loc>https://panelwise.dev/terms-of-service</loc>\n    <lastmod>2025-04-15</lastmod>',
    )
    expect(xml.match(/<url>/g)).toHaveLength(2)
  })

  it('points robots.txt at the sitemap', () => {
    expect(robotsTxt('https://panelwise.dev')).toContain(
      'Sitemap: https://panelwise.dev/sitemap.xml',
    )
  })

  it('takes SITE_URL over the content URL, without a trailing slash', () => {
    expect(resolveSiteUrl('https://panelwise.dev', 'https://preview.example/')).toBe(
      'https://preview.example',
    )
    expect(resolveSiteUrl('https://panelwise.dev/', '')).toBe('https://panelwise.dev')
  })

  it('writes a manifest with both icon sizes', () => {
    const manifest = manifestAt('/')
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual([
      '192x192',
      '512x512',
    ])
    expect(manifest.start_url).toBe('/')
  })

  it('starts a site built under a base path at its base', () => {
    const manifest = manifestAt('/repo/pr-12/')
    expect([manifest.start_url, manifest.scope]).toEqual(['/repo/pr-12/', '/repo/pr-12/'])
  })

  it('puts the base path between the origin and every page path', () => {
    expect(siteRootUrl('https://owner.github.io', '/repo/pr-12/')).toBe(
      'https://owner.github.io/repo/pr-12',
    )
    expect(siteRootUrl('https://panelwise.dev', '/')).toBe('https://panelwise.dev')
  })

  it('uses the palette colour as theme colour', async () => {
    const css = await readFile(
      path.resolve(import.meta.dirname, '../../../../renderer/styles.css'),
      'utf8',
    )
    expect(css).toContain(`--color-brand-700: ${THEME_COLOR};`)
  })
})
