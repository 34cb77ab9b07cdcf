// The crawler-facing files of the build: sitemap.xml, robots.txt and the web manifest. Pure
// functions over content and the route table, so a new page is listed without touching this.
import { BUILD_OUTPUTS } from '../../site/build-outputs.ts'
import type { RouteEntry } from '../../site/routes.ts'

export const SITEMAP_PATH = BUILD_OUTPUTS.sitemap.path

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export interface SitemapEntry {
  path: string
  /** YYYY-MM-DD, when content says when the page last changed. */
  lastmod?: string
}

/** Every prerendered route (the not-found page is not a route), with lastmod where known. */
export function sitemapEntries(
  routes: RouteEntry[],
  lastUpdated: Map<string, string>,
): SitemapEntry[] {
  return routes.map((route) => ({
    path: route.path,
    lastmod: lastUpdated.get(`${route.collection}/${route.id}`),
  }))
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url>\n    <loc>${escapeXml(siteUrl + entry.path)}</loc>\n` +
      (entry.lastmod ? `    <lastmod>${entry.lastmod}</lastmod>\n` : '') +
      `  </url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}${SITEMAP_PATH}\n`
}

export function webManifest(
  site: { name: string; description: string },
  brand: {
    themeColor: string
    backgroundColor: string
    icon192: string
    icon512: string
    /** The site's root: "/", or its base path ("/repo/pr-12/"). */
    startUrl: string
  },
): string {
  return (
    JSON.stringify(
      {
        name: site.name,
        short_name: site.name,
        description: site.description,
        lang: 'en',
        start_url: brand.startUrl,
        scope: brand.startUrl,
        display: 'browser',
        theme_color: brand.themeColor,
        background_color: brand.backgroundColor,
        icons: [
          { src: brand.icon192, sizes: '192x192', type: 'image/png' },
          { src: brand.icon512, sizes: '512x512', type: 'image/png' },
        ],
      },
      null,
      2,
    ) + '\n'
  )
}
