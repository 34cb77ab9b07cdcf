// The second half of `npm run build`: renders every page of the app `vike build` just built into
// dist/client, with the search index, feed, sitemap and hosting files (lib/build-artifacts.ts).
// A process of its own, so the bundler's memory is gone before the pages are rendered.
import path from 'node:path'
import { readBuildHandoff } from './build-handoff.ts'

const distDir = path.resolve('dist')
const started = performance.now()
try {
  const handoff = await readBuildHandoff(distDir)
  // React's build must match the bundle's (JSX runtime and all): set before React loads.
  process.env.NODE_ENV = handoff.nodeEnv
  // The threads load the server build while this one loads the rest.
  const { startRenderThreads } = await import('./render-pages.ts')
  const renderThreads = startRenderThreads(distDir)
  try {
    const { buildPages } = await import('./build-artifacts.ts')
    const { rendered } = await buildPages(distDir, handoff, renderThreads)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`prerender: ${rendered} pages written to dist/client in ${seconds} s`)
  } finally {
    await renderThreads.close()
  }
} catch (error) {
  console.error(`prerender failed: ${(error as Error).stack ?? String(error)}`)
  process.exitCode = 1
}
