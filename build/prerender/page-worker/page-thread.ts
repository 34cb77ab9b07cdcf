// The build's side of the page thread (./worker.ts): hands each rendered page over without
// waiting, and asks for the search index and the scan once every page is in.
import { Worker } from 'node:worker_threads'
import type { PageScanResult } from '../page-scan.ts'
import { workerCalls } from '../../worker-calls.ts'
import type { PageThreadMessage, PageThreadOptions, PageThreadRequest } from './protocol.ts'

type Request = PageThreadRequest extends infer R ? (R extends { id: number } ? R : never) : never
type Question = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

export type PageThread = ReturnType<typeof startPageThread>

export function startPageThread(options: PageThreadOptions) {
  // Pages sent before the thread has started wait in its message queue.
  const worker = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: options })
  const calls = workerCalls(worker, 'page thread')
  worker.on('message', (message: PageThreadMessage) => {
    if (message.kind === 'failed') return calls.fail(message.error)
    calls.answer(message.id, message)
  })

  let batch: { url: string; html: string }[] = []
  const flush = () => {
    if (batch.length && !calls.failure)
      worker.postMessage({ kind: 'pages', pages: batch } satisfies PageThreadRequest)
    batch = []
  }
  const ask = <T>(question: Question) => {
    flush()
    return calls.call<T>((id) =>
      worker.postMessage({ ...question, id } satisfies PageThreadRequest),
    )
  }

  return {
    /** The addresses in the order they will be rendered. */
    order(urls: string[]) {
      if (!calls.failure) worker.postMessage({ kind: 'order', urls } satisfies PageThreadRequest)
    },
    /** A page the moment it is rendered: `url` is its address, `html` its document. */
    add(url: string, html: string) {
      if (calls.failure) return
      // Sent in batches, once the build's thread yields: a message costs about as much to send
      // as a page does to copy.
      if (!batch.length) setImmediate(flush)
      batch.push({ url, html })
    },
    /** Writes the search index; the routes indexed, sorted. */
    finishIndex: () => ask<string[]>({ kind: 'finish-index' }),
    /** Scans the HTML files among `files` (relative to clientDir) no page covered, then answers. */
    scan: (files: string[]) => ask<PageScanResult>({ kind: 'scan', files }),
    /** Stops the thread once its work is done. */
    close: () => worker.terminate().then(() => undefined),
    /** The build failed: stop Pagefind and the thread. */
    async abort() {
      await ask({ kind: 'abort' }).catch(() => undefined)
      await worker.terminate()
    },
  }
}
