// The messages between the build and the page thread (./worker.ts).

export interface PageThreadOptions {
  clientDir: string
  siteUrl: string
  /** Each article's page path ("/resources/articles/<id>") and id. */
  articles: [string, string][]
}

/** To the thread. Pages need no answer; the other requests get one with the same id. */
export type PageThreadRequest =
  | { kind: 'order'; urls: string[] }
  /** Pages as they were prerendered: `url` is the address, `html` the document. */
  | { kind: 'pages'; pages: { url: string; html: string }[] }
  | { kind: 'finish-index'; id: number }
  | { kind: 'scan'; id: number; files: string[] }
  | { kind: 'abort'; id: number }

/** From the thread: one answer per request, or `failed` if Pagefind could not start. */
export type PageThreadMessage =
  { kind: 'failed'; error: Error } | { kind: 'answer'; id: number; result?: unknown; error?: Error }
