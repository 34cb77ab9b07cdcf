// The messages between the page render (./render-pages.ts) and its threads (./render-thread.ts).

/** The thread's workerData. */
export interface RenderThreadOptions {
  /** dist/, with the server build in dist/server and the site in dist/client. */
  distDir: string
}

/** To a thread: render these pages, in this order (`paths` are addresses, "/about"). */
export type RenderRequest = { kind: 'render'; paths: string[] }

/** From a thread: each page once written, then `done` when the batch is through. */
export type RenderMessage =
  { kind: 'page'; path: string; html: string } | { kind: 'done' } | { kind: 'failed'; error: Error }
