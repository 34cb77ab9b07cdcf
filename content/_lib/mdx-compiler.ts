// Compiles MDX and Markdown bodies to React modules with MDX's own compiler (what @mdx-js/rollup
// runs), plus what a site of thousands of articles needs of it: a build reuses the module it
// compiled last time for a body that did not change (the key also covers the compiler, its
// plugins and this project's MDX code, see toolchainKey), makes no source map the build does not
// ask for, and can compile a body from the tree the content check has already parsed, so a cold
// build parses each body once instead of twice (parseOnce).
import { createProcessor, type CompileOptions } from '@mdx-js/mdx'
import type { Root } from 'mdast'
import path from 'node:path'
import { SourceMapGenerator } from 'source-map'
import { VFile } from 'vfile'
import { CACHE_ROOT, fileCache, hashOf, toolchainKey } from './build-cache.ts'

export type MdxOptions = Pick<CompileOptions, 'remarkPlugins' | 'rehypePlugins'>

export interface MdxSettings {
  root: string
  /** React's development runtime (the dev server). */
  development: boolean
  sourcemap: boolean
  /** Keep compiled modules in node_modules/.cache (builds). */
  cache: boolean
}

export interface Compiled {
  code: string
  map?: string
}

export interface ParsedBody {
  tree: Root
  /** Compiles this tree and keeps the module where the build's transform will look for it. */
  compile(): Promise<void>
}

export interface MdxCompiler {
  /** 'mdx', 'md', or undefined for a file this compiler does not handle. */
  formatOf(file: string): 'md' | 'mdx' | undefined
  compile(file: string, source: string): Promise<Compiled>
  /**
   * For the content check of a build: the MDX file parsed once, to check its tree and then
   * compile that same tree. Undefined when there is nothing to gain (no cache, not MDX, the
   * module is cached already) or the source does not parse (the check reports that itself).
   */
  parseOnce(file: string, source: string): Promise<ParsedBody | undefined>
  /** Modules compiled, taken from the cache, and compiled from a tree parseOnce gave. */
  readonly stats: { compiled: number; reused: number; fromParsedTree: number }
}

/** Whose changes make every compiled body stale: the compiler's settings live in these. */
const COMPILER_SOURCES = ['vite.config.ts', 'content/_lib']

const FORMATS = { '.mdx': 'mdx', '.md': 'md' } as const

export function createMdxCompiler(options: MdxOptions, settings: MdxSettings): MdxCompiler {
  const { root, development, sourcemap } = settings
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
  const cache = settings.cache
    ? fileCache<Compiled>(path.join(root, CACHE_ROOT, 'mdx-modules'), '.json')
    : undefined
  let salt: Promise<string> | undefined
  const keyOf = async (format: string, file: string, source: string) =>
    hashOf(
      await (salt ??= toolchainKey(root, COMPILER_SOURCES)),
      format,
      String(sourcemap),
      path.relative(root, file),
      source,
    )
  const stats = { compiled: 0, reused: 0, fromParsedTree: 0 }

  /** What `process` does, from a tree when there is one: parse, run the plugins, print. */
  async function finish(format: 'md' | 'mdx', file: VFile, tree?: Root): Promise<Compiled> {
    const processor = processorFor(format)
    // MDX types the processor as taking its own output (Program); `process` hands it the parsed
    // mdast, as here.
    const parsed = (tree ?? processor.parse(file)) as unknown as Parameters<typeof processor.run>[0]
    const transformed = await processor.run(parsed, file)
    const code = String(processor.stringify(transformed, file))
    return { code, ...(file.map ? { map: JSON.stringify(file.map) } : {}) }
  }

  const formatOf = (file: string) =>
    file.includes('/node_modules/')
      ? undefined
      : FORMATS[path.extname(file) as keyof typeof FORMATS]

  return {
    formatOf,
    stats,
    async compile(file, source) {
      const format = formatOf(file)
      if (!format) throw new Error(`${file}: not an MDX or Markdown file`)
      const key = cache && (await keyOf(format, file, source))
      const cached = key ? await cache!.get(key) : undefined
      if (cached) {
        stats.reused++
        return cached
      }
      const result = await finish(format, new VFile({ path: file, value: source }))
      stats.compiled++
      if (key) await cache!.put(key, result)
      return result
    },
    async parseOnce(file, source) {
      if (!cache || formatOf(file) !== 'mdx') return undefined
      const key = await keyOf('mdx', file, source)
      if (await cache.get(key)) return undefined
      const vfile = new VFile({ path: file, value: source })
      let tree: Root
      try {
        tree = processorFor('mdx').parse(vfile)
      } catch {
        return undefined
      }
      return {
        tree,
        async compile() {
          let result: Compiled
          try {
            result = await finish('mdx', vfile, tree)
          } catch {
            // Not kept: the build's transform compiles the file again and reports the error
            // there, with Vite's own file and frame.
            return
          }
          stats.fromParsedTree++
          await cache.put(key, result)
        },
      }
    },
  }
}
