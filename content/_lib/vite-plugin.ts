// Serves the checked content to the app as `virtual:content`. A content problem stops the
// build with the writer-facing report, and in the dev server shows that report in the overlay.
import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import type { CollectionDefinition } from './collection.ts'
import { loadContent } from './load.ts'
import { ContentCheckError, formatAnnotations, formatReport } from './report.ts'

const VIRTUAL_ID = 'virtual:content'
const RESOLVED_ID = '\0' + VIRTUAL_ID

export function contentCollections(collections: Record<string, CollectionDefinition>): Plugin {
  let root = process.cwd()
  let server: ViteDevServer | undefined
  return {
    name: 'content-collections',
    configResolved(config) {
      root = config.root
    },
    configureServer(devServer) {
      server = devServer
      const contentDir = path.join(root, 'content')
      devServer.watcher.add(contentDir)
      const onChange = (file: string) => {
        if (!file.startsWith(contentDir) || /\.tsx?$/.test(file)) return
        for (const environment of Object.values(devServer.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED_ID)
          if (module) environment.moduleGraph.invalidateModule(module)
        }
        // Pages are HTML rendered on the server, so an edit means a fresh page.
        devServer.ws.send({ type: 'full-reload' })
      }
      devServer.watcher.on('add', onChange)
      devServer.watcher.on('unlink', onChange)
      devServer.watcher.on('change', onChange)
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined
      const result = await loadContent(root, collections)
      for (const file of result.files) this.addWatchFile(file)
      if (result.errors.length) {
        const report = formatReport(result.errors)
        if (server) {
          server.config.logger.error(report)
          server.ws.send({
            type: 'error',
            err: { message: report, stack: '', plugin: 'content-collections' },
          })
        } else {
          console.error('\n' + report + '\n')
          if (process.env.GITHUB_ACTIONS === 'true') console.log(formatAnnotations(result.errors))
        }
        throw new ContentCheckError(result.errors)
      }
      return generateModule(result.entries, root)
    },
  }
}

function generateModule(
  entries: Awaited<ReturnType<typeof loadContent>>['entries'],
  root: string,
): string {
  const imports: string[] = []
  const collections: string[] = []
  for (const [name, list] of entries) {
    const items = list.map((entry) => {
      const fields = `id: ${JSON.stringify(entry.id)}, file: ${JSON.stringify(entry.file)}, data: ${JSON.stringify(entry.data)}`
      if (entry.body === undefined) return `{ ${fields} }`
      const local = `Document${imports.length}`
      imports.push(`import ${local} from ${JSON.stringify(path.join(root, entry.file))}`)
      return `{ ${fields}, Content: ${local} }`
    })
    collections.push(`${JSON.stringify(name)}: [${items.join(',\n')}]`)
  }
  return `${imports.join('\n')}\nexport const entries = {\n${collections.join(',\n')}\n}\n`
}
