// The page thread: takes each page as it is rendered and does everything the build wants
// from it (the search index, in Pagefind's own process, and the page scan of ../page-scan.ts),
// so the render threads (../render-pages/) only hand the HTML over.
import { parentPort, workerData } from 'node:worker_threads'
import { createPageScan } from '../page-scan.ts'
import { openSearchIndex } from '../../outputs/search-index.ts'
import type { PageThreadMessage, PageThreadOptions, PageThreadRequest } from './protocol.ts'

const options = workerData as PageThreadOptions
// Errors cross to the build as they are (message and stack): structured cloning keeps them.
const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))
const post = (message: PageThreadMessage) => parentPort!.postMessage(message)
const scan = createPageScan(options.siteUrl, new Map(options.articles))
// A page that fails the scan fails the build, at the next answer the build waits for.
let pageError: Error | undefined

try {
  const search = await openSearchIndex(options.clientDir)
  const answer = async (id: number, work: () => Promise<unknown>) => {
    try {
      post({ kind: 'answer', id, result: await work() })
    } catch (error) {
      post({ kind: 'answer', id, error: asError(error) })
    }
  }
  parentPort!.on('message', (request: PageThreadRequest) => {
    switch (request.kind) {
      case 'order':
        return search.order(request.urls)
      case 'pages':
        for (const { url, html } of request.pages) {
          try {
            search.add(url, html)
            scan.add(url, html)
          } catch (error) {
            pageError ??= new Error(`${url}: ${(error as Error).message}`, { cause: error })
          }
        }
        return
      case 'finish-index':
        return void answer(request.id, () => {
          if (pageError) throw pageError
          return search.finish()
        })
      case 'scan':
        return void answer(request.id, async () => {
          if (pageError) throw pageError
          await scan.addUnscanned(options.clientDir, request.files)
          return scan.result()
        })
      case 'abort':
        return void answer(request.id, () => search.abort())
    }
  })
} catch (error) {
  post({ kind: 'failed', error: asError(error) })
}
