// What the build needs from its finished pages besides the search index: that each holds no
// inline script or style but the renderer's own (the only ones the security headers allow:
// ../outputs/inline-sources.ts), and each article's body for the feed. Pages are scanned as they
// are rendered, by the page sink (./page-sink.ts), instead of being read back from
// dist/client at the end: at a thousand articles that read-back took two seconds on the build's
// critical path.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { isPageFile, routeOfFile } from './page-file.ts'
import { articleBodyHtml } from '../outputs/feed.ts'
import { inlineSourceProblems } from '../outputs/inline-sources.ts'

/** What the pages gave, once every page is in. */
export interface PageScanResult {
  /** Each article's id and its body as the feed shows it. */
  articleBodies: [string, string][]
}

/**
 * `articles`: each article's page path ("/resources/articles/<id>") to its id. `contentFiles`:
 * the content file each page is made from, by page path (../content/route-table.ts), named when
 * a page fails.
 */
export function createPageScan(
  siteUrl: string,
  articles: Map<string, string>,
  contentFiles: ReadonlyMap<string, string> = new Map(),
) {
  const articleBodies = new Map<string, string>()
  const scanned = new Set<string>()
  const add = (route: string, html: string) => {
    scanned.add(route)
    const problems = inlineSourceProblems(html)
    if (problems.length) {
      const file = contentFiles.get(route)
      throw new Error(
        `the page${file ? `, made from ${file},` : ''} holds inline code the site's policy ` +
          `refuses (it allows only the renderer's own, renderer/inline-sources.ts): ` +
          problems.join('; '),
      )
    }
    const article = articles.get(route)
    if (article) articleBodies.set(article, articleBodyHtml(html, siteUrl))
  }
  return {
    /** A page as it is rendered: `route` is its address ("/about"). */
    add,
    /**
     * Reads the HTML files in clientDir no `add` call covered, so whatever else lands there
     * (a static page from public/) is scanned too. `files` are paths relative to clientDir.
     */
    async addUnscanned(clientDir: string, files: string[]) {
      for (const file of files) {
        if (!isPageFile(file)) continue
        // The not-found page is rendered at /404 and written as 404.html (./page-file.ts).
        const route = routeOfFile(file)
        if (scanned.has(route) || scanned.has(route.replace(/\.html$/, ''))) continue
        const html = await readFile(path.join(clientDir, file), 'utf8')
        try {
          add(route, html)
        } catch (error) {
          // As the page sink names a page it was handed (./page-sink.ts).
          throw new Error(`${route}: ${(error as Error).message}`, { cause: error })
        }
      }
    },
    result: (): PageScanResult => ({
      articleBodies: [...articleBodies],
    }),
  }
}
