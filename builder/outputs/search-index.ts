// Builds the site search index with Pagefind over the prerendered pages: the main content of
// each page that carries data-pagefind-body (components/layout/Layout.tsx puts it on <main>
// of every indexable page), under the address visitors open. The index and Pagefind's browser
// script go to dist/client/pagefind/, fetched by components/search/pagefind.ts on first search.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as pagefind from 'pagefind'
import { SEARCHED_ATTRIBUTE } from '../../components/search/indexed-content.ts'
import { PAGEFIND_PATH } from '../../components/search/pagefind.ts'
import { elementSource } from './html-element.ts'

/** Pagefind's ready-made interfaces and highlighter, which this site does not use (its own
 * search is components/search/SearchPanel.island.tsx): not shipped. */
const UNUSED_FILES = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/
/** What Pagefind's script reads first: without it, search finds nothing. */
const ENTRY_FILE = 'pagefind-entry.json'

export type SearchIndex = Awaited<ReturnType<typeof openSearchIndex>>

/**
 * An index pages are handed to as they are prerendered. Pagefind works in a process of its own,
 * so it indexes on the machine's other core while the build renders the next pages.
 *
 * Pagefind's files depend on the order it takes pages in, and the render, with several pages
 * in flight on several threads, finishes them in an order that varies from build to build. So
 * pages go to Pagefind one at a time, in the order they are handed out (`order`): one that
 * finishes early waits for those before it, which is a few pages. Addresses outside that order
 * go last, sorted.
 */
export async function openSearchIndex(clientDir: string) {
  const outputPath = path.join(clientDir, PAGEFIND_PATH)
  // A fresh index: pages removed since the last build must not be found.
  await rm(outputPath, { recursive: true, force: true })
  const { index, errors } = await pagefind.createIndex({})
  if (!index) {
    await pagefind.close()
    throw new Error(`Pagefind could not start: ${errors.join('; ')}`)
  }
  const added: Promise<string>[] = []
  // One page at a time: Pagefind handles concurrent requests in the order they finish.
  let previous: Promise<unknown> = Promise.resolve()
  const send = (url: string, content: string | undefined) => {
    if (content === undefined) return
    const page = previous
      // The route's path: Pagefind's script puts the folder it was fetched from before it, so a
      // site built under a base path (renderer/base-path.ts) links under it.
      .then(() => index.addHTMLFile({ url, content }))
      .then((result) => {
        if (result.errors.length)
          throw new Error(`Pagefind could not index ${url}: ${result.errors.join('; ')}`)
        return url
      })
    // Reported by finish(), with every other page's result.
    previous = page.catch(() => undefined)
    added.push(page)
  }
  let routes: string[] = []
  let listed = new Set<string>()
  /** Pages that came before their turn, and those outside the order. */
  const early = new Map<string, string | undefined>()
  const unlisted = new Map<string, string | undefined>()
  let next = 0
  return {
    /** The addresses in the order they will be rendered, before the first page. */
    order(urls: string[]) {
      routes = urls
      listed = new Set(urls)
    },
    /** `url`: the address visitors open ("/about"). */
    add(url: string, html: string) {
      // Pagefind reads only this element and the page's language: sending just those indexes
      // the same, and saves the build a third of a millisecond a page of encoding.
      const indexed = elementSource(html, SEARCHED_ATTRIBUTE)
      const lang = /<html\b[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? ''
      const content =
        indexed && `<!DOCTYPE html><html lang="${lang}"><body>${indexed}</body></html>`
      if (!listed.has(url)) return void unlisted.set(url, content)
      early.set(url, content)
      for (; next < routes.length && early.has(routes[next]!); next++) {
        send(routes[next]!, early.get(routes[next]!))
        early.delete(routes[next]!)
      }
    },
    /** Writes the index once every page is in (any Pagefind error fails the build); returns the routes indexed, sorted. */
    async finish(): Promise<string[]> {
      try {
        // Pages of the order that never came leave gaps: the rest go in, in order.
        for (const route of routes.slice(next)) if (early.has(route)) send(route, early.get(route))
        for (const url of [...unlisted.keys()].sort()) send(url, unlisted.get(url))
        const indexedRoutes = await Promise.all(added)
        if (!indexedRoutes.length)
          throw new Error(`No page in ${clientDir} has <main data-pagefind-body>`)
        // Pagefind's own writeFiles answers before its writes reach the disk, and close() then
        // ends its process: under load a file was left empty (an empty pagefind-entry.json is a
        // search that never answers). So the index comes back in memory and is written here,
        // each file complete before finish() returns.
        const built = await index.getFiles()
        if (built.errors.length)
          throw new Error(`Pagefind could not write the index: ${built.errors.join('; ')}`)
        const shipped = built.files.filter((file) => !UNUSED_FILES.test(file.path))
        if (!shipped.some((file) => file.path === ENTRY_FILE))
          throw new Error(`Pagefind built no ${ENTRY_FILE} for ${outputPath}`)
        for (const file of shipped) {
          const target = path.join(outputPath, file.path)
          await mkdir(path.dirname(target), { recursive: true })
          await writeFile(target, file.content)
        }
        return indexedRoutes.sort()
      } finally {
        await pagefind.close()
      }
    },
    /** Stops Pagefind without writing anything (the build failed). */
    abort: () => pagefind.close(),
  }
}
