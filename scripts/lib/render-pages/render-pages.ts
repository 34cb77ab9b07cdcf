// Renders the pages of the built app into dist/client, on worker threads, one per core
// (./render-thread.ts), and hands each document on as it is written. This replaces Vike's own
// prerender, which renders on one thread and keeps every page's HTML and page context until its
// last page (vikejs/vike#3159): at 5,000 articles that was 1.2 GB, held on top of the bundler's
// memory in the `vike build` process. Here nothing outlives its page, and the bundler's process
// has ended before the first page is rendered.
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { RenderMessage, RenderRequest, RenderThreadOptions } from './protocol.ts'

export { NOT_FOUND_PATH, pageFile } from './page-file.ts'

/** Pages a thread is sent at a time: few, so that pages come back close to the order given. */
const BATCH = 16

/**
 * Renders `paths` (the not-found page among them, at NOT_FOUND_PATH), handed out in that order,
 * and calls `onPage` with each document once it is written. Any page that does not render (an
 * error, a redirect, an address no route has) fails the whole render, naming the page.
 */
export async function renderPages(
  distDir: string,
  paths: readonly string[],
  onPage: (pagePath: string, html: string) => void,
  { threads = availableParallelism() }: { threads?: number } = {},
): Promise<number> {
  const count = Math.max(1, Math.min(threads, Math.ceil(paths.length / BATCH)))
  const workers: Worker[] = []
  let next = 0
  try {
    await new Promise<void>((resolve, reject) => {
      let working = count
      for (let index = 0; index < count; index++) {
        const worker = new Worker(new URL('./render-thread.mjs', import.meta.url), {
          workerData: { distDir } satisfies RenderThreadOptions,
        })
        workers.push(worker)
        worker.on('message', (message: RenderMessage) => {
          if (message.kind === 'page') return onPage(message.path, message.html)
          if (message.kind === 'failed') return reject(message.error)
          // Ready, or through its batch: the next pages, or this thread is done.
          if (next < paths.length) {
            const batch = paths.slice(next, next + BATCH)
            next += batch.length
            worker.postMessage({ kind: 'render', paths: batch } satisfies RenderRequest)
          } else if (--working === 0) resolve()
        })
        worker.on('error', reject)
        worker.on('exit', (code) =>
          reject(new Error(`a render thread stopped (exit code ${code})`)),
        )
      }
    })
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()))
  }
  return paths.length
}
