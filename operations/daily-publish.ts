// The daily run's question (scripts/deploy/plan.ts): which pages whose day has come does
// the live site not list yet? Read from the live sitemap, so a day whose run was dropped,
// delayed or failed is made up by the next run, whatever day the page was dated.
import { repositoryContent } from '../builder/content/route-table.ts'
import { SITEMAP_PATH } from '../builder/outputs/seo-files.ts'
import { isRoutedCollection, routePath } from '../site/routes.ts'

/** A page of an entry dated by `publishDate`: it goes live on that day. */
export interface ScheduledPage {
  file: string
  path: string
  publishDate: string
}

/** The pages of every routed entry that has a `publishDate`, as the route table addresses them. */
export async function scheduledPages(): Promise<ScheduledPage[]> {
  const pages: ScheduledPage[] = []
  for (const [collection, entries] of await repositoryContent()) {
    if (!isRoutedCollection(collection)) continue
    for (const entry of entries) {
      const publishDate = (entry.data as { publishDate?: unknown }).publishDate
      if (typeof publishDate !== 'string') continue
      // Each collection's path function reads the fields of its own entries.
      const route = routePath(collection, entry as Parameters<typeof routePath>[1])
      pages.push({ file: entry.file, path: route, publishDate })
    }
  }
  return pages
}

/** The paths a sitemap lists, relative to the site's root (`siteUrl` may have a base path). */
export function sitemapPaths(xml: string, siteUrl: string): Set<string> {
  const base = new URL(siteUrl).pathname.replace(/\/+$/, '')
  const paths = new Set<string>()
  for (const [, loc] of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    const url = new URL(loc!.replace(/&amp;/g, '&'))
    const pathname = decodeURI(url.pathname)
    if (pathname.startsWith(base)) paths.add(pathname.slice(base.length) || '/')
  }
  return paths
}

/** The pages whose day has come (`publishDate` on or before `today`) that `listed` lacks. */
export const duePages = (
  pages: readonly ScheduledPage[],
  listed: ReadonlySet<string>,
  today: string,
): ScheduledPage[] => pages.filter((page) => page.publishDate <= today && !listed.has(page.path))

/**
 * The live site's sitemap, or why it could not be read. A first deploy has none, and a failed
 * read must not cost a day: the caller deploys when it cannot tell.
 */
export async function liveSitemap(siteUrl: string): Promise<{ xml: string } | { problem: string }> {
  const url = `${siteUrl.replace(/\/+$/, '')}${SITEMAP_PATH}`
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(20_000) })
    if (!answer.ok) return { problem: `${url} answered ${answer.status}` }
    return { xml: await answer.text() }
  } catch (error) {
    const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error)
    return { problem: `${url} did not answer (${reason})` }
  }
}
