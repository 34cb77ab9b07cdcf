// The second half of `npm run build`: renders every page of the app `vike build` just built into
// dist/client, with the search index, feed, sitemap and hosting files (./build-artifacts.ts).
// A process of its own, so the bundler's memory is gone before the pages are rendered.
import path from 'node:path'
import { distDirOf } from '../dist-dir.ts'

const distDir = distDirOf(process.env)
const started = performance.now()
// React's build must match the bundle's (JSX runtime and all), set before React loads: the
// environment `vike build` ran in, where Vite makes an unset NODE_ENV "production".
process.env.NODE_ENV ||= 'production'
try {
  // The threads load the server build while this one loads the content.
  const { startRenderThreads } = await import('./render-pages.ts')
  const renderThreads = startRenderThreads(distDir)
  try {
    const { loadBuiltContent } = await import('./built-content.ts')
    const content = await loadBuiltContent(process.cwd())
    const { buildPages } = await import('./build-artifacts.ts')
    const { rendered } = await buildPages(distDir, content, renderThreads)
    const { writeSourceStamp } = await import('../source-stamp.ts')
    await writeSourceStamp(distDir, process.cwd())
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `prerender: ${rendered} pages written to ${path.relative('.', distDir)}/client in ${seconds} s`,
    )
  } finally {
    await renderThreads.close()
  }
} catch (error) {
  console.error(`prerender failed: ${(error as Error).stack ?? String(error)}`)
  process.exitCode = 1
}
