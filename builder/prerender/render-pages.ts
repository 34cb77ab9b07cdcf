// Renders the pages of the built app into dist/client, on worker threads, one per core
// (./render-thread.ts), and hands each document on as it is written. This replaces Vike's own
// prerender, which renders on one thread and keeps every page's HTML and page context until its
// last page (vikejs/vike#3159): at 5,000 articles that was 1.2 GB, held on top of the bundler's
// memory in the `vike build` process. Here nothing outlives its page, and the bundler's process
// has ended before the first page is rendered.
import { existsSync, mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { reservedBy } from '../../site/build-outputs.ts'
import { pageFile } from './page-file.ts'
import type {
  BuiltWith,
  RenderMessage,
  RenderRequest,
  RenderThreadOptions,
} from './render-protocol.ts'

export { NOT_FOUND_PATH, pageFile } from './page-file.ts'

/**
 * The render thread (./render-thread.ts) is built into the server build, beside the app it
 * renders (../vite/build-artifacts-plugin.ts): plain JavaScript, so the thread runs without tsx,
 * whose loader hooks would stand between it and every module of the app (2 s more per build).
 */
export const RENDER_THREAD = {
  source: fileURLToPath(new URL('./render-thread.ts', import.meta.url)),
  /** In dist/server. */
  fileName: 'render-thread.mjs',
}

/** What the render threads load from dist/server, which the prerender deletes once done. */
export const SERVER_BUILD_FILES = ['entry.mjs', RENDER_THREAD.fileName]

/** Pages a thread is sent at a time: few, so that pages come back close to the order given. */
const BATCH = 16

export type RenderThreads = ReturnType<typeof startRenderThreads>

export type { BuiltWith }

/**
 * Starts the threads, which load the server build at once: started early, that overlaps
 * whatever else the build loads before it has pages to render.
 */
export function startRenderThreads(
  distDir: string,
  { threads = availableParallelism() }: { threads?: number } = {},
) {
  let failure: Error | undefined
  const idle: Worker[] = []
  let job:
    | {
        paths: readonly string[]
        next: number
        onPage: (pagePath: string, html: string) => void
        resolve: () => void
        reject: (error: Error) => void
      }
    | undefined

  let builtWith!: (facts: BuiltWith) => void
  let noBuiltWith!: (error: Error) => void
  const builtWithFacts = new Promise<BuiltWith>((resolve, reject) => {
    builtWith = resolve
    noBuiltWith = reject
  })
  // Awaited by whoever needs it; a thread that fails first must not leave it unhandled.
  builtWithFacts.catch(() => undefined)
  const fail = (error: Error) => {
    failure ??= error
    noBuiltWith(failure)
    job?.reject(failure)
    job = undefined
  }
  // Hands the next pages to a thread that is ready for them; the job ends when none has any.
  const dispatch = (worker: Worker) => {
    if (job && job.next < job.paths.length) {
      const paths = job.paths.slice(job.next, job.next + BATCH)
      job.next += paths.length
      worker.postMessage({ kind: 'render', paths } satisfies RenderRequest)
      return
    }
    idle.push(worker)
    if (job && idle.length === workers.length) {
      job.resolve()
      job = undefined
    }
  }
  const serverDir = path.join(distDir, 'server')
  const missing = SERVER_BUILD_FILES.map((file) => path.join(serverDir, file)).find(
    (file) => !existsSync(file),
  )
  if (missing)
    failure = new Error(`${missing} is missing: run \`vike build\` before rendering the pages.`)
  const workers = Array.from({ length: missing ? 0 : Math.max(1, threads) }, () => {
    const worker = new Worker(path.join(serverDir, RENDER_THREAD.fileName), {
      // Not this process's `--import tsx`: the thread and the app it loads are JavaScript.
      execArgv: [],
      workerData: { distDir } satisfies RenderThreadOptions,
    })
    worker.on('message', (message: RenderMessage) => {
      if (message.kind === 'page') return job?.onPage(message.path, message.html)
      if (message.kind === 'built-with') {
        const { kind: _, ...facts } = message
        return builtWith(facts)
      }
      if (message.kind === 'failed') return fail(message.error)
      // Ready, or through its batch.
      dispatch(worker)
    })
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`a render thread stopped (exit code ${code})`)))
    return worker
  })

  return {
    /** What the app was built with, as the first thread to load it tells. */
    builtWith: builtWithFacts,
    /**
     * Renders `paths` (the not-found page among them, at NOT_FOUND_PATH), handed out in that
     * order, and calls `onPage` with each document once it is written. Any page that does not
     * render (an error, a redirect, an address no route has) fails the whole render, naming
     * the page. One render at a time.
     */
    render(paths: readonly string[], onPage: (pagePath: string, html: string) => void) {
      return new Promise<number>((resolve, reject) => {
        if (failure) return reject(failure)
        if (job) return reject(new Error('the render threads are already rendering'))
        const overwrite = overwrittenFile(distDir, paths)
        if (overwrite) return reject(new Error(overwrite))
        // Every page's folder, made here, while the threads load the app: a thousand folders
        // cost the threads half a second of their rendering when each made its own.
        const folders = new Set(paths.map((page) => path.dirname(pageFile(page))))
        for (const folder of [...folders].sort())
          mkdirSync(path.join(distDir, 'client', folder), { recursive: true })
        job = { paths, next: 0, onPage, resolve: () => resolve(paths.length), reject }
        for (const worker of idle.splice(0)) dispatch(worker)
      })
    },
    /** Stops the threads. */
    async close() {
      failure ??= new Error('the render threads were stopped')
      await Promise.all(workers.map((worker) => worker.terminate()))
    },
  }
}

/**
 * Why rendering `paths` would write a file twice, or undefined: prerender writes only the pages
 * it planned, never over a file the build wrote before it (the editor, the bundles, public/) nor
 * one page over another. Both writers are named.
 */
export function overwrittenFile(distDir: string, paths: readonly string[]): string | undefined {
  const planned = new Map<string, string>()
  for (const page of paths) {
    const file = pageFile(page)
    const other = planned.get(file)
    if (other !== undefined)
      return `prerender would write dist/client/${file} twice: for the page ${other} and for the page ${page}`
    planned.set(file, page)
    if (existsSync(path.join(distDir, 'client', file))) {
      const writer = reservedBy(page)?.writer ?? 'the client build (public/ or a Vite output)'
      return `prerender would write dist/client/${file} for the page ${page} over the file ${writer} wrote there; the page's address is reserved: give it another`
    }
  }
  return undefined
}
