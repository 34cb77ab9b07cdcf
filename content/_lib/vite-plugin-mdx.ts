// Compiles MDX and Markdown bodies to React modules, with MDX's own compiler (what
// @mdx-js/rollup runs), plus what a site of thousands of articles needs of it: a build reuses
// the module it compiled last time for a body that did not change (the key also covers the
// compiler, its plugins and this project's MDX code, see toolchainKey), and makes no source
// map that the build does not ask for.
import { createProcessor, type CompileOptions } from '@mdx-js/mdx'
import path from 'node:path'
import { SourceMapGenerator } from 'source-map'
import { VFile } from 'vfile'
import type { Plugin } from 'vite'
import { CACHE_ROOT, fileCache, hashOf, toolchainKey, type FileCache } from './build-cache.ts'

type Options = Pick<CompileOptions, 'remarkPlugins' | 'rehypePlugins'>

/** Whose changes make every compiled body stale: the compiler's settings live in these. */
const COMPILER_SOURCES = ['vite.config.ts', 'content/_lib']

const FORMATS = { '.mdx': 'mdx', '.md': 'md' } as const

interface Compiled {
  code: string
  map?: string
}

export function mdxDocuments(options: Options): Plugin {
  let root = process.cwd()
  let sourcemap = true
  let cache: FileCache<Compiled> | undefined
  let salt: Promise<string> | undefined
  let development = false
  // One processor per format, made on first use (after configResolved has set the two above).
  const processors = new Map<'md' | 'mdx', ReturnType<typeof createProcessor>>()
  const processorFor = (format: 'md' | 'mdx') => {
    if (!processors.has(format))
      processors.set(
        format,
        createProcessor({
          ...options,
          format,
          development,
          ...(sourcemap ? { SourceMapGenerator } : {}),
        }),
      )
    return processors.get(format)!
  }
  return {
    name: 'site:mdx',
    // Before React's plugin, which then compiles the JSX runtime calls like any other module.
    enforce: 'pre',
    configResolved(config) {
      root = config.root
      development = config.command === 'serve' && config.mode === 'development'
      // A dev server always maps (errors point into the .mdx); a build only when asked to.
      sourcemap = config.command === 'serve' || Boolean(config.build.sourcemap)
      if (config.command === 'build') {
        cache = fileCache<Compiled>(path.join(root, CACHE_ROOT, 'mdx-modules'), '.json')
        salt = toolchainKey(root, COMPILER_SOURCES)
      }
    },
    async transform(source, id) {
      const [file] = id.split('?') as [string]
      const format = FORMATS[path.extname(file) as keyof typeof FORMATS]
      if (!format || file.includes('/node_modules/')) return undefined
      const key =
        cache && hashOf(await salt!, format, String(sourcemap), path.relative(root, file), source)
      const cached = key ? await cache!.get(key) : undefined
      if (cached) return cached
      const compiled = await processorFor(format).process(new VFile({ path: file, value: source }))
      const result: Compiled = {
        code: String(compiled.value),
        ...(compiled.map ? { map: JSON.stringify(compiled.map) } : {}),
      }
      if (key) await cache!.put(key, result)
      return result
    },
  }
}
