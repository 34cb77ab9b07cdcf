// Renders the pages of the built app (./render-pages.ts) and writes everything the build derives
// from content and pages: the search index, the crawler files (sitemap, robots, manifest, feed)
// and the hosting headers (_headers, vercel.json, dist/headers.json for the local server). Runs
// in builder/prerender/prerender.ts, after `vike build`, from the content the bundle was built with
// (./built-content.ts). The social cards are drawn earlier, beside the bundling
// (../vite/build-artifacts-plugin.ts).
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { listItemKey } from '../../content/schema/collection.ts'
import { BUILD_OUTPUTS } from '../../site/build-outputs.ts'
import { IMAGES_URL, variantFiles } from '../content/images.ts'
import type { EntryData } from '../../content/schema/collections.ts'
import { routedLists, routePath, type RouteEntry } from '../../site/routes.ts'
import {
  BACKGROUND_COLOR,
  BRAND_IMAGES,
  FEED_PATH,
  MANIFEST_PATH,
  THEME_COLOR,
} from '../../site/brand.ts'
import { resolveSiteUrl, siteRootUrl } from '../../site/origin.ts'
import { withBase } from '../../renderer/base-path.ts'
import {
  HASHED_ASSET_FOLDERS,
  headerRules,
  HOSTING_FILES,
  type HeaderRule,
} from '../../server/headers.ts'
import { editorPolicyInput } from '../admin/backend-env.ts'
import { routeOfFile } from './page-file.ts'
import { BUILT_WITH_FILE } from '../../server/built-with.ts'
import type { BuiltContent } from './built-content.ts'
import { mergeVercelConfig, toHeadersFile } from '../outputs/hosting-headers.ts'
import { feedArticles, rssXml } from '../outputs/feed.ts'
import { renderedInlineSources } from '../outputs/inline-sources.ts'
import { hostingRedirects } from '../outputs/hosting-redirects.ts'
import { checkAssets } from '../outputs/host-limits.ts'
import { NOT_FOUND_PATH, type BuiltWith, type RenderThreads } from './render-pages.ts'
import { contentFileOfRoute, routeTableOf } from '../content/route-table.ts'
import { openPageSink, type PageSink } from './page-sink.ts'
import {
  robotsTxt,
  sitemapEntries,
  sitemapXml,
  SITEMAP_PATH,
  webManifest,
} from '../outputs/seo-files.ts'

/** Where the local server reads the header rules (outside dist/client, so it is not served). */
const HEADER_RULES_FILE = 'headers.json'

/**
 * Renders every route and the not-found page into dist/client on `renderThreads`, then writes
 * the build's own files. Each page goes, as it is written, to the page sink (./page-sink.ts), which feeds the
 * search index (Pagefind, in a process of its own) and the scan (./page-scan.ts). The server
 * build is removed at the end: the site is static.
 */
export async function buildPages(
  distDir: string,
  content: BuiltContent,
  renderThreads: RenderThreads,
) {
  const clientDir = path.join(distDir, 'client')
  const list = listOf(content.entries)
  const site = list('site')[0]!.data
  const routes = routeTableOf(content.entries)
  const pages = await openPageSink(
    clientDir,
    // The pages' own addresses carry the base already: the feed's bodies need only the origin.
    resolveSiteUrl(site.url),
    // Only the feed's articles: their bodies are all the scan keeps.
    feedArticles(list('articles')).map((entry) => [routePath('articles', entry), entry.id]),
    contentFileOfRoute(routes, content.entries, process.cwd()),
  )
  try {
    // In address order: Pagefind's files depend on the order it takes pages in.
    const paths = [...routes.map((route) => route.path), NOT_FOUND_PATH].toSorted()
    pages.order(paths)
    const rendered = await renderThreads.render(paths, pages.add)
    // Done with: their memory (the app and its content, once per thread) goes before Pagefind
    // builds its index, the build's peak.
    await renderThreads.close()
    const artifacts = await writeBuildArtifacts(distDir, content, {
      routes,
      pages,
      builtWith: await renderThreads.builtWith,
    })
    await rm(path.join(distDir, 'server'), { recursive: true, force: true })
    return { ...artifacts, rendered }
  } catch (error) {
    // Stop Pagefind; the error says what failed.
    await pages.abort()
    throw error
  }
}

async function writeBuildArtifacts(
  distDir: string,
  { entries, images }: BuiltContent,
  options: { routes: RouteEntry[]; pages: PageSink; builtWith: BuiltWith },
) {
  // Pagefind writes its index in its own process while this thread writes the other files.
  const indexed = options.pages.finishIndex()
  indexed.catch(() => undefined)
  const clientDir = path.join(distDir, 'client')
  const list = listOf(entries)
  const site = list('site')[0]!.data
  const { basePath } = options.builtWith
  const siteUrl = siteRootUrl(resolveSiteUrl(site.url), basePath)
  const { routes } = options
  // In no particular order: the feed puts its own in the site's (feedArticles).
  const articles = list('articles')
  const articleDate = (article: (typeof articles)[number]) =>
    article.data.updatedDate ?? article.data.publishDate

  const newestArticle = newest(articles.map(articleDate))
  const dated: [string, string | undefined][] = [
    ...list('legal').map((entry): [string, string] => [
      `legal/${entry.id}`,
      entry.data.lastUpdated,
    ]),
    ...articles.map((entry): [string, string] => [`articles/${entry.id}`, articleDate(entry)]),
    // A list page or tag page changes when its newest article does.
    ...routes
      .filter((route) => route.collection === 'article-list')
      .map((route): [string, string | undefined] => [`article-list/${route.id}`, newestArticle]),
    ...list('tags').map((tag): [string, string | undefined] => [
      `tags/${tag.id}`,
      newest(articles.filter((a) => a.data.tags.includes(tag.id)).map(articleDate)),
    ]),
  ]
  const lastUpdated = new Map(
    dated.filter((pair): pair is [string, string] => pair[1] !== undefined),
  )
  await writeFile(
    path.join(clientDir, SITEMAP_PATH.slice(1)),
    sitemapXml(siteUrl, sitemapEntries(routes, lastUpdated)),
  )
  await writeFile(path.join(clientDir, BUILD_OUTPUTS.robots.path.slice(1)), robotsTxt(siteUrl))
  await copyImages(clientDir, images)
  // Every page is written now; the sink scans any HTML file it was not handed.
  const { articleBodies } = await options.pages.scan(await listFiles(clientDir))
  const bodies = new Map(articleBodies)
  const articleBody = (id: string) => {
    const body = bodies.get(id)
    if (body === undefined) throw new Error(`the build has no page for the article "${id}"`)
    return body
  }
  const people = [...list('leaders'), ...list('interviewers')].flatMap((entry) => entry.data.items)
  const tagTitles = new Map(list('tags').map((tag) => [tag.id, tag.data.title]))
  const feedList = site.lists['article-list']
  await writeFile(
    path.join(clientDir, FEED_PATH.slice(1)),
    rssXml(
      {
        title: site.articles.feed,
        description: feedList.description,
        siteUrl,
        listPath: routedLists['article-list'].base,
        feedPath: FEED_PATH,
      },
      feedArticles(articles).map((entry) => ({
        title: entry.data.title,
        description: entry.data.description,
        path: routePath('articles', entry),
        publishDate: entry.data.publishDate,
        author: people.find((person) => listItemKey(person) === entry.data.author)?.name ?? '',
        tags: entry.data.tags.map((tag) => tagTitles.get(tag) ?? tag),
        html: articleBody(entry.id),
      })),
    ),
  )
  await writeFile(
    path.join(clientDir, MANIFEST_PATH.slice(1)),
    webManifest(site, {
      themeColor: THEME_COLOR,
      backgroundColor: BACKGROUND_COLOR,
      icon192: withBase(BRAND_IMAGES.icon192, basePath),
      icon512: withBase(BRAND_IMAGES.icon512, basePath),
      startUrl: basePath,
    }),
  )

  // Before the file list below, so its files get their caching rules too.
  await indexed

  const files = await listFiles(clientDir)
  // The host's files: every one but the rule files, which it reads and does not serve.
  await checkAssets(
    clientDir,
    files.filter((file) => !HOSTING_FILES.includes(file)),
  )
  const revalidated = [
    ...routes.map((route) => route.path),
    ...files
      .filter((file) => !HASHED_ASSET_FOLDERS.some((folder) => file.startsWith(folder)))
      .filter((file) => !HOSTING_FILES.includes(file))
      // A folder's index.html answers at the folder: a route's, or the editor's /admin.
      .map((file) => routeOfFile(file)),
  ]
  const rules = headerRules(
    {
      schedulerUrl: site.scheduler.url,
      supabaseUrl: options.builtWith.supabaseUrl,
      ...renderedInlineSources(),
      editor: editorPolicyInput(process.env),
    },
    revalidated,
  )
  await writeHostingHeaders(distDir, rules, basePath)
  await writeHostingRedirects(
    clientDir,
    routes.map((route) => route.path),
    basePath,
  )
  await writeFile(path.join(distDir, BUILT_WITH_FILE), `${JSON.stringify({ basePath }, null, 2)}\n`)
  return { routes, rules }
}

/** The entries of one collection of loaded content, typed by its name. */
const listOf =
  (entries: BuiltContent['entries']) =>
  <C extends 'site' | 'legal' | 'articles' | 'leaders' | 'interviewers' | 'tags'>(name: C) =>
    (entries.get(name) ?? []) as readonly { id: string; data: EntryData<C> }[]

/** Every file under dir, relative to it, with forward slashes. */
async function listFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
}

/** The latest of some YYYY-MM-DD dates. */
function newest(dates: string[]): string | undefined {
  return dates.reduce<string | undefined>(
    (latest, date) => (!latest || date > latest ? date : latest),
    undefined,
  )
}

/** The picture variants the pages show, from the build's image cache into the site. */
async function copyImages(clientDir: string, images: BuiltContent['images']) {
  if (!images.variants.size) return
  const target = path.join(clientDir, IMAGES_URL.slice(1))
  await mkdir(target, { recursive: true })
  await Promise.all(
    variantFiles(images.variants.values()).map((file) =>
      copyFile(path.join(images.cacheDir, file), path.join(target, file)),
    ),
  )
}

/** The route guard's redirects as static hosts take them: _redirects, and vercel.json's. */
async function writeHostingRedirects(clientDir: string, routes: string[], basePath: string) {
  const { redirectsFile, vercel } = hostingRedirects(routes, basePath)
  await writeFile(path.join(clientDir, '_redirects'), redirectsFile)
  const vercelFile = path.join(clientDir, 'vercel.json')
  const existing = JSON.parse(await readFile(vercelFile, 'utf8').catch(() => '{}')) as object
  await writeFile(
    vercelFile,
    `${JSON.stringify({ ...existing, redirects: vercel }, null, 2)}
`,
  )
}

/**
 * The header rules for the hosts, whose paths carry the base, and for the local server, which
 * takes the base off before it matches them (server/static.ts).
 */
async function writeHostingHeaders(distDir: string, rules: HeaderRule[], basePath: string) {
  const clientDir = path.join(distDir, 'client')
  const hostRules = rules.map((rule) => ({
    ...rule,
    source: withBase(rule.source, basePath),
    ...(rule.except ? { except: rule.except.map((away) => withBase(away, basePath)) } : {}),
  }))
  await writeFile(path.join(clientDir, '_headers'), toHeadersFile(hostRules))
  const vercelFile = path.join(clientDir, 'vercel.json')
  const existing = existsSync(vercelFile) ? await readFile(vercelFile, 'utf8') : undefined
  await writeFile(vercelFile, mergeVercelConfig(existing, hostRules))
  await writeFile(path.join(distDir, HEADER_RULES_FILE), JSON.stringify(rules, null, 2) + '\n')
}
