// A render thread: loads the server build once, then renders the pages it is sent with Vike's
// renderPage(), as a server would answer them, writes each into dist/client and sends it back
// for the search index and the scan. Built into dist/server with the app (RENDER_THREAD in
// ./render-pages.ts); started by ./render-pages.ts once both are there.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import { withBase } from '../../renderer/base-path.ts'
import { NOT_FOUND_PATH, pageFile } from './page-file.ts'
import type { RenderMessage, RenderRequest, RenderThreadOptions } from './render-protocol.ts'

/**
 * Rendering is synchronous and writing is not: with one page in flight, the thread would sit
 * idle waiting on each write, so a few are kept in flight.
 */
const PAGES_IN_FLIGHT = 8

const { distDir } = workerData as RenderThreadOptions
const post = (message: RenderMessage) => parentPort!.postMessage(message)
const clientDir = path.join(distDir, 'client')
const serverEntry = path.join(distDir, 'server/entry.mjs')
// Vite's base, written into this file when it was built with the app: Vike answers only
// addresses under it, and takes it off before routing.
const basePath = import.meta.env.BASE_URL

try {
  // The server build registers itself with Vike's runtime; renderPage() then serves from it.
  await import(pathToFileURL(serverEntry).href)
  const { renderPage } = await import('vike/server')

  const render = async (pagePath: string) => {
    const pageContext = await renderPage({ urlOriginal: withBase(pagePath, basePath) })
    const expected = pagePath === NOT_FOUND_PATH ? 404 : 200
    const response = pageContext.httpResponse
    if (response?.statusCode !== expected) {
      const cause = (pageContext as { errorWhileRendering?: unknown }).errorWhileRendering
      const reason = cause instanceof Error ? `: ${cause.message}` : ''
      throw new Error(
        `${pagePath} did not render: it answered ${response?.statusCode ?? 'nothing'} instead of ${expected}${reason}`,
        { cause },
      )
    }
    const html = response.body
    // Its folder is there: startRenderThreads' render() made every page's.
    await writeFile(path.join(clientDir, pageFile(pagePath)), html)
    post({ kind: 'page', path: pagePath, html })
  }

  parentPort!.on('message', async ({ paths }: RenderRequest) => {
    try {
      let next = 0
      const lane = async () => {
        while (next < paths.length) await render(paths[next++]!)
      }
      await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, paths.length) }, lane))
      post({ kind: 'done' })
    } catch (error) {
      post({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) })
    }
  })
  // Written into this file by Vite when it was built with the app: the address the browser code
  // calls, for the security headers' connect-src, and the base path of every address.
  post({
    kind: 'built-with',
    supabaseUrl: import.meta.env.VITE_SUPABASE_URL || undefined,
    basePath,
  })
  post({ kind: 'done' })
} catch (error) {
  post({ kind: 'failed', error: error instanceof Error ? error : new Error(String(error)) })
}
