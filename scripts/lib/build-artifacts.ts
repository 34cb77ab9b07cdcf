// Runs after Vike has prerendered every page: writes the search index, the crawler files
// (sitemap, robots, manifest), each route's social card and the hosting headers (_headers,
// vercel.json, dist/headers.json for the local server), all derived from content, the route
// table and the built HTML itself.
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { LoadResult } from '../../content/_lib/load.ts'
import type { EntryData } from '../../content/config.ts'
import { BACKGROUND_COLOR, BRAND_IMAGES, MANIFEST_PATH, THEME_COLOR } from '../../renderer/brand.ts'
import { resolveSiteUrl } from '../../renderer/site-origin.ts'
import { headerRules, HOSTING_FILES, type HeaderRule } from '../../server/headers.ts'
import { mergeVercelConfig, toHeadersFile } from './hosting-headers.ts'
import { findInlineSources } from './inline-sources.ts'
import { hostingRedirects } from './hosting-redirects.ts'
import { routeTableOf } from './routes.ts'
import { writeSearchIndex } from './search-index.ts'
import { robotsTxt, sitemapEntries, sitemapXml, SITEMAP_PATH, webManifest } from './seo-files.ts'
import { writeSocialCards } from './social-card/write-social-cards.ts'

/** Where the local server reads the header rules (outside dist/client, so it is not served). */
const HEADER_RULES_FILE = 'headers.json'

export async function writeBuildArtifacts(
  distDir: string,
  { entries }: LoadResult,
  options: { supabaseUrl?: string; socialCardCache?: string } = {},
) {
  const clientDir = path.join(distDir, 'client')
  const list = <C extends 'site' | 'legal'>(name: C) =>
    (entries.get(name) ?? []) as { id: string; data: EntryData<C> }[]
  const site = list('site')[0]!.data
  const siteUrl = resolveSiteUrl(site.url)
  const routes = routeTableOf(entries)

  const lastUpdated = new Map(
    list('legal').map((entry) => [`legal/${entry.id}`, entry.data.lastUpdated]),
  )
  await writeFile(
    path.join(clientDir, SITEMAP_PATH.slice(1)),
    sitemapXml(siteUrl, sitemapEntries(routes, lastUpdated)),
  )
  await writeFile(path.join(clientDir, 'robots.txt'), robotsTxt(siteUrl))
  await writeFile(
    path.join(clientDir, MANIFEST_PATH.slice(1)),
    webManifest(site, {
      themeColor: THEME_COLOR,
      backgroundColor: BACKGROUND_COLOR,
      icon192: BRAND_IMAGES.icon192,
      icon512: BRAND_IMAGES.icon512,
    }),
  )

  // Side by side: Pagefind indexes in a process of its own while the cards are drawn here.
  // Both before the file list below, so their files get their caching rules too.
  const [socialCards] = await Promise.all([
    writeSocialCards(
      clientDir,
      routes,
      { siteName: site.name, host: new URL(siteUrl).host },
      { cacheDir: options.socialCardCache },
    ),
    writeSearchIndex(clientDir),
  ])

  const files = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
  const html = await Promise.all(
    files
      .filter((file) => file.endsWith('.html'))
      .map((file) => readFile(path.join(clientDir, file), 'utf8')),
  )
  const revalidated = [
    ...routes.map((route) => route.path),
    ...files
      .filter((file) => !file.startsWith('assets/') && !HOSTING_FILES.includes(file))
      .filter((file) => !file.endsWith('/index.html') && file !== 'index.html')
      .map((file) => `/${file}`),
  ]
  const rules = headerRules(
    {
      schedulerUrl: site.scheduler.url,
      supabaseUrl: options.supabaseUrl,
      ...findInlineSources(html),
    },
    revalidated,
  )
  await writeHostingHeaders(distDir, rules)
  await writeHostingRedirects(
    clientDir,
    routes.map((route) => route.path),
  )
  return { routes, rules, socialCards }
}

/** The route guard's redirects as static hosts take them: _redirects, and vercel.json's. */
async function writeHostingRedirects(clientDir: string, routes: string[]) {
  const { redirectsFile, vercel } = hostingRedirects(routes)
  await writeFile(path.join(clientDir, '_redirects'), redirectsFile)
  const vercelFile = path.join(clientDir, 'vercel.json')
  const existing = JSON.parse(await readFile(vercelFile, 'utf8').catch(() => '{}')) as object
  await writeFile(
    vercelFile,
    `${JSON.stringify({ ...existing, redirects: vercel }, null, 2)}
`,
  )
}

async function writeHostingHeaders(distDir: string, rules: HeaderRule[]) {
  const clientDir = path.join(distDir, 'client')
  await writeFile(path.join(clientDir, '_headers'), toHeadersFile(rules))
  const vercelFile = path.join(clientDir, 'vercel.json')
  const existing = existsSync(vercelFile) ? await readFile(vercelFile, 'utf8') : undefined
  await writeFile(vercelFile, mergeVercelConfig(existing, rules))
  await writeFile(path.join(distDir, HEADER_RULES_FILE), JSON.stringify(rules, null, 2) + '\n')
}
