// Serves the drawings of content/illustrations/ to the app as `virtual:illustrations`, each
// optimised by svgo at build time and split into its viewBox size and inner markup, which
// components/ui/Illustration.tsx inlines (so the theme's colours reach its shapes).
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { optimize } from 'svgo'
import type { Plugin, ViteDevServer } from 'vite'
import { assetFolders, drawingProblem, svgViewBox } from '../../content/schema/asset-folders.ts'

const VIRTUAL_ID = 'virtual:illustrations'
const RESOLVED_ID = '\0' + VIRTUAL_ID

export interface OptimisedIllustration {
  /** The drawing's shapes, without the <svg> element around them. */
  body: string
  width: number
  height: number
}

/**
 * One drawing, made small and safe to inline next to others. A drawing the content check would
 * refuse (content/schema/asset-folders.ts drawingProblem) is refused here too, before and after
 * svgo, so the dev server, which serves pages while content has problems, never inlines it.
 */
export function optimiseIllustration(name: string, text: string): OptimisedIllustration {
  const file = `content/illustrations/${name}.svg`
  const size = svgViewBox(text)
  if (!size) throw new Error(`${file}: the <svg> element needs viewBox="0 0 width height"`)
  const refuse = (svg: string) => {
    const problem = drawingProblem(svg)
    if (problem)
      throw new Error(`${file}:${problem.line ?? 1}:${problem.column ?? 1}  ${problem.message}`)
  }
  refuse(text)
  const { data } = optimize(text, {
    multipass: true,
    plugins: [
      // Classes name the paint roles styled in renderer/styles.css: keep them, and keep
      // shapes apart that only share a class by accident of order.
      { name: 'preset-default', params: { overrides: { mergePaths: false } } },
      // Two drawings on one page must not share an id.
      { name: 'prefixIds', params: { prefix: `illustration-${name}`, prefixClassNames: false } },
    ],
  })
  const body = /^<svg\b[^>]*>([\s\S]*)<\/svg>$/.exec(data.trim())?.[1]
  if (body === undefined) throw new Error(`${file}: not one <svg> element`)
  refuse(`<svg>${body}</svg>`)
  return { body, ...size }
}

export function illustrations(): Plugin {
  let dir = path.resolve('content', assetFolders.illustrations.source)
  let server: ViteDevServer | undefined
  return {
    name: 'content-illustrations',
    configResolved(config) {
      dir = path.join(config.root, 'content', assetFolders.illustrations.source)
    },
    configureServer(devServer) {
      server = devServer
      // content/ is watched already (the content plugin); a changed drawing means fresh pages.
      const onChange = (file: string) => {
        if (!file.startsWith(dir + path.sep) || !server) return
        for (const environment of Object.values(server.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED_ID)
          if (module) environment.moduleGraph.invalidateModule(module)
        }
      }
      for (const event of ['add', 'unlink', 'change']) devServer.watcher.on(event, onChange)
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined
      const { extension } = assetFolders.illustrations
      const files = (await readdir(dir).catch(() => [])).filter((file) => file.endsWith(extension))
      const drawings: Record<string, OptimisedIllustration> = {}
      for (const file of files.sort()) {
        const absolute = path.join(dir, file)
        this.addWatchFile(absolute)
        const name = path.basename(file, extension)
        try {
          drawings[name] = optimiseIllustration(name, await readFile(absolute, 'utf8'))
        } catch (error) {
          // The content check reports the file and stops the build; the dev server goes on
          // without the drawing (the entries showing it are set aside with that report).
          if (!server) throw error
          server.config.logger.error(error instanceof Error ? error.message : String(error))
        }
      }
      return `export default ${JSON.stringify(drawings)}\n`
    },
  }
}
