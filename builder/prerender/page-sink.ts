// Where each page goes once a render thread has written it: to the search index (Pagefind, in a
// process of its own) and to the scan of ./page-scan.ts (the feed's article bodies, the inline
// sources the security headers allow). On the prerender's main thread, which otherwise waits on
// the render threads: a thread of its own for this, with its own protocol, saved nothing on the
// 1,290-page bench.
import { openSearchIndex } from '../outputs/search-index.ts'
import { createPageScan } from './page-scan.ts'

export type PageSink = Awaited<ReturnType<typeof openPageSink>>

/**
 * `siteUrl`: the origin the pages' root-relative addresses are made absolute with (they carry the
 * base path already).
 * `articles`: each feed article's page path ("/resources/articles/<id>") and id.
 * `contentFiles`: the content file each page is made from, by page path, for its errors. */
export async function openPageSink(
  clientDir: string,
  siteUrl: string,
  articles: [string, string][],
  contentFiles: ReadonlyMap<string, string>,
) {
  const search = await openSearchIndex(clientDir)
  const scan = createPageScan(siteUrl, new Map(articles), contentFiles)
  // A page that fails the index or the scan fails the build, at the next step that waits.
  let pageError: Error | undefined
  const check = () => {
    if (pageError) throw pageError
  }
  return {
    /** The addresses in the order they will be rendered (Pagefind's files depend on it). */
    order: (urls: string[]) => search.order(urls),
    /** A page the moment it is written: `url` is its address, `html` its document. */
    add(url: string, html: string) {
      if (pageError) return
      try {
        search.add(url, html)
        scan.add(url, html)
      } catch (error) {
        pageError = new Error(`${url}: ${(error as Error).message}`, { cause: error })
      }
    },
    /** Writes the search index; the routes indexed, sorted. */
    finishIndex: async () => {
      check()
      return search.finish()
    },
    /** Scans the HTML files among `files` (relative to clientDir) no page covered, then answers. */
    scan: async (files: string[]) => {
      check()
      await scan.addUnscanned(clientDir, files)
      return scan.result()
    },
    /** The build failed: stop Pagefind. */
    abort: () => search.abort(),
  }
}
