// The messages between the page render (./render-pages.ts) and its threads (./render-thread.ts).

/** Values `vike build` wrote into the app. */
export interface BuiltWith {
  /** The Supabase project the browser code calls (VITE_SUPABASE_URL); unset: this origin. */
  supabaseUrl?: string
  /** The path the site is served under, "/" or "/repo/pr-12/" (renderer/base-path.ts). */
  basePath: string
}

/** The thread's workerData. */
export interface RenderThreadOptions {
  /** dist/, with the server build in dist/server and the site in dist/client. */
  distDir: string
}

/** To a thread: render these pages, in this order (`paths` are addresses, "/about"). */
export type RenderRequest = { kind: 'render'; paths: string[] }

/**
 * From a thread: first what the app was built with (values Vite wrote into the bundle), then each
 * page once written, and `done` when ready or through a batch.
 */
export type RenderMessage =
  | ({ kind: 'built-with' } & BuiltWith)
  | { kind: 'page'; path: string; html: string }
  | { kind: 'done' }
  | { kind: 'failed'; error: Error }
