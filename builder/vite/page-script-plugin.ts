// Builds the page script (`source`: a module that imports renderer/start-islands.ts and adds what the
// app needs on every page) and tells the server where it is, as
// `virtual:page-script`, so every page can load it with the inline loader (renderer/page-script.ts).
// It is not Vike's +client entry: Vike injects that as a <script> of its own, fetched and run
// alongside the first paint, which is what the loader exists to avoid.
import path from 'node:path'
import type { Plugin } from 'vite'

const VIRTUAL_ID = 'virtual:page-script'
const RESOLVED_ID = '\0' + VIRTUAL_ID
const PAGE_SCRIPT_ENTRY = 'entries/start-islands'
// Vike's client runtime, which Vike builds whether or not a page loads it. Ours load none (pages
// are HTML-only); as a second entry it would share Vite's dynamic-import helper with the page
// script and so split that helper into a chunk of its own: one more request, in series, before
// any island could start.
const VIKE_RUNTIME_ENTRY = 'entries/entry-server-routing'

export function pageScript({ source = 'renderer/start-islands.ts' } = {}): Plugin {
  let root = process.cwd()
  let url: string | undefined
  let base = '/'
  let isBuild = false
  return {
    name: 'site:page-script',
    // One instance for the client and server builds: the server build reads what the client
    // build wrote down.
    sharedDuringBuild: true,
    // The dev server's dependency scan starts from entries it knows of; without these it would
    // find React and React Aria only on the first visit, and reload that page to add them.
    config: () => ({
      optimizeDeps: { entries: [source, 'components/**/*.island.tsx'] },
    }),
    configResolved(config) {
      root = config.root
      base = config.base
      isBuild = config.command === 'build'
    },
    options(options) {
      if (!isBuild || this.environment?.config.consumer !== 'client') return
      const { input } = options
      if (!input || typeof input !== 'object' || Array.isArray(input))
        throw new Error(
          `site:page-script expected Vike's named client entries, got ${String(input)}`,
        )
      const entries = Object.entries(input).filter(([name]) => name !== VIKE_RUNTIME_ENTRY)
      return {
        ...options,
        input: Object.fromEntries([...entries, [PAGE_SCRIPT_ENTRY, path.resolve(root, source)]]),
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return
      const entry = path.resolve(root, source)
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId === entry)
          url = base + chunk.fileName
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      // The dev server serves the source itself.
      if (!isBuild) return `export default ${JSON.stringify(base + source)}`
      if (!url) this.error(`The page script (${source}) was not built before the pages.`)
      return `export default ${JSON.stringify(url)}`
    },
  }
}
