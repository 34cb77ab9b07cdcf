// What the build needs from its finished pages besides the search index: the inline sources the
// security headers allow, and each article's body for the feed. Pages are scanned as they
// are rendered, by the page sink (./page-sink.ts), instead of being read back from
// dist/client at the end: at a thousand articles that read-back took two seconds on the build's
// critical path.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { isPageFile, routeOfFile } from './page-file.ts'
import { articleBodyHtml } from '../outputs/feed.ts'
import { inlineSourceCollector, type InlineSources } from '../outputs/inline-sources.ts'

/** What the pages gave, once every page is in. */
export interface PageScanResult {
  inlineSources: InlineSources
  /** Each article's id and its body as the feed shows it. */
  articleBodies: [string, string][]
}

/** `articles`: each article's page path ("/resources/articles/<id>") to its id. */
export function createPageScan(siteUrl: string, articles: Map<string, string>) {
  const inlineSources = inlineSourceCollector()
  const articleBodies = new Map<string, string>()
  const scanned = new Set<string>()
  const add = (route: string, html: string) => {
    scanned.add(route)
    inlineSources.add(html)
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
        // The not-found page is rendered at /404 and written as 404.html (../render-pages/).
        const route = routeOfFile(file)
        if (scanned.has(route) || scanned.has(route.replace(/\.html$/, ''))) continue
        add(route, await readFile(path.join(clientDir, file), 'utf8'))
      }
    },
    result: (): PageScanResult => ({
      inlineSources: inlineSources.result(),
      articleBodies: [...articleBodies],
    }),
  }
}
