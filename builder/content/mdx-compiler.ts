// Compiles MDX and Markdown bodies with MDX's own compiler, to the body of a function
// (`outputFormat: 'function-body'`, what MDX's `evaluate` runs) rather than to a module: the
// content module names the file each body is kept in (or carries the text, without a cache) and
// ./mdx-content.ts reads and runs it when its page is rendered, so a site of thousands of
// articles does not put thousands of modules through the server bundle (at 5,000 articles, the
// build held 1 GB more once they were bundled), nor keeps their text in it (240 MB). Plus what
// such a site needs of the compiler: a body that did not change is reused from the build cache
// (the key also covers the compiler, its plugins and this project's MDX code, see toolchainKey),
// and a body the content check has just parsed is compiled from that tree (parseOnce), so a cold
// build parses each body once instead of twice.
import { createProcessor, type CompileOptions } from '@mdx-js/mdx'
import type { Root } from 'mdast'
import path from 'node:path'
import { VFile } from 'vfile'
import { cacheDir, fileCache, hashOf, toolchainKey } from '../cache.ts'
import { collectGarbage } from './collect-garbage.ts'
import type { CompiledBody } from './mdx-content.ts'
import { pageIds } from './page-ids.ts'
import { BODY_RULE_SOURCES } from './body-rule-sources.ts'

export type MdxOptions = Pick<CompileOptions, 'remarkPlugins' | 'rehypePlugins'>

export interface MdxSettings {
  root: string
  /** Keep compiled bodies in node_modules/.cache. */
  cache: boolean
}

/** A function body: run with React's JSX runtime as its argument, it returns the module's
 * exports, whose `default` is the body's component (./mdx-content.ts). */
type Code = { code: string }

export interface ParsedBody {
  tree: Root
  /** Compiles this tree and keeps the result where `compile` will look for it. */
  compile(): Promise<void>
}

export interface MdxCompiler {
  /**
   * `source` is the whole file, frontmatter included; `file` is its absolute path. The body as
   * the content module hands it to mdxContent: the file the build cache keeps its text in (not
   * read here), or without a cache the text itself.
   */
  compile(file: string, source: string): Promise<CompiledBody>
  /**
   * For the content check: the MDX file parsed once, to check its tree and then compile that
   * same tree. Undefined when there is nothing to gain (no cache, not MDX, the body is compiled
   * already) or the source does not parse (the check reports that itself).
   */
  parseOnce(file: string, source: string): Promise<ParsedBody | undefined>
  /** Bodies compiled, taken from the cache, and compiled from a tree parseOnce gave. */
  readonly stats: { compiled: number; reused: number; fromParsedTree: number }
}

/** Whose changes make every compiled body stale: the compiler's settings live in these. */
const COMPILER_SOURCES = ['vite.config.ts', 'builder/content', ...BODY_RULE_SOURCES]

const FORMATS = { '.mdx': 'mdx', '.md': 'md' } as const

/**
 * Compiles between two full collections (./collect-garbage.ts). Each compile leaves its syntax
 * trees behind; a collection takes 0.1 s or so, and at this pace a cold build of 5,000 articles
 * peaked at 1.2 GB instead of 1.6 GB (npm run bench:build), with no change in its time. It pays
 * at 1,000 articles too, the 1,290-page bench: `vike build` with empty caches, pinned to one
 * quiet core (2026-11-26), peaked at 851-917 MB with it (3 runs) and 940-1,122 MB without (6).
 */
const COMPILES_PER_COLLECTION = 500

export function createMdxCompiler(options: MdxOptions, settings: MdxSettings): MdxCompiler {
  const { root } = settings
  const processors = new Map<'md' | 'mdx', ReturnType<typeof createProcessor>>()
  const processorFor = (format: 'md' | 'mdx') => {
    if (!processors.has(format))
      processors.set(format, createProcessor({ ...options, format, outputFormat: 'function-body' }))
    return processors.get(format)!
  }
  // The text as it is, so a page reads its body straight from the file.
  const cache = settings.cache ? fileCache(cacheDir(root, 'mdxBodies'), '.js') : undefined
  const store = async (key: string, { code }: Code): Promise<CompiledBody> => {
    await cache!.put(key, Buffer.from(code))
    return { file: cache!.fileOf(key) }
  }
  let salt: Promise<string> | undefined
  // The page's ids decide the headings' (./heading-ids.ts): a layout's new id recompiles bodies.
  const reserved = async () => [...(await pageIds(root))]
  const keyOf = async (format: string, file: string, source: string) =>
    hashOf(
      await (salt ??= Promise.all([toolchainKey(root, COMPILER_SOURCES), reserved()]).then(
        ([key, ids]) => hashOf(key, ...ids),
      )),
      format,
      path.relative(root, file),
      source,
    )
  const stats = { compiled: 0, reused: 0, fromParsedTree: 0 }
  let compilesSinceCollection = 0

  /** What `process` does, from a tree when there is one: parse, run the plugins, print. */
  async function finish(format: 'md' | 'mdx', file: VFile, tree?: Root): Promise<Code> {
    const processor = processorFor(format)
    file.data.pageIds = await reserved()
    // MDX types the processor as taking its own output (Program); `process` hands it the parsed
    // mdast, as here.
    const parsed = (tree ?? processor.parse(file)) as unknown as Parameters<typeof processor.run>[0]
    const transformed = await processor.run(parsed, file)
    const code = String(processor.stringify(transformed, file))
    if (++compilesSinceCollection === COMPILES_PER_COLLECTION) {
      compilesSinceCollection = 0
      collectGarbage()
    }
    return { code }
  }

  const formatOf = (file: string) => FORMATS[path.extname(file) as keyof typeof FORMATS]

  return {
    stats,
    async compile(file, source) {
      const format = formatOf(file)
      if (!format) throw new Error(`${file}: not an MDX or Markdown file`)
      const key = cache && (await keyOf(format, file, source))
      if (key && (await cache!.has(key))) {
        stats.reused++
        return { file: cache!.fileOf(key) }
      }
      const result = await finish(format, new VFile({ path: file, value: source })).catch(
        (error: unknown) => {
          const reason = error instanceof Error ? error.message : String(error)
          throw new Error(`${path.relative(root, file)}: MDX could not compile it: ${reason}`, {
            cause: error,
          })
        },
      )
      stats.compiled++
      return key ? store(key, result) : result
    },
    async parseOnce(file, source) {
      if (!cache || formatOf(file) !== 'mdx') return undefined
      const key = await keyOf('mdx', file, source)
      if (await cache.has(key)) return undefined
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
          let result: Code
          try {
            result = await finish('mdx', vfile, tree)
          } catch {
            // Not kept: `compile` meets the same error and reports it with the file's name.
            return
          }
          stats.fromParsedTree++
          await store(key, result)
        },
      }
    },
  }
}
