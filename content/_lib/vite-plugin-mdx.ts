// Compiles MDX and Markdown bodies to React modules (./mdx-compiler.ts). Its compiler is also
// offered to the content plugin (`api.compiler()`), which in a build compiles each body from the
// tree it parsed for the content check, so the transform here finds the module cached.
import type { Plugin } from 'vite'
import { createMdxCompiler, type MdxCompiler, type MdxOptions } from './mdx-compiler.ts'

export const MDX_PLUGIN = 'site:mdx'

/** What other plugins may ask of this one (`plugin.api`). */
export interface MdxApi {
  /** The compiler as this build configured it; there is none before the config is resolved. */
  compiler(): MdxCompiler | undefined
}

export function mdxDocuments(options: MdxOptions): Plugin {
  let compiler: MdxCompiler | undefined
  const api: MdxApi = { compiler: () => compiler }
  return {
    name: MDX_PLUGIN,
    // Before React's plugin, which then compiles the JSX runtime calls like any other module.
    enforce: 'pre',
    api,
    configResolved(config) {
      const build = config.command === 'build'
      compiler = createMdxCompiler(options, {
        root: config.root,
        development: config.command === 'serve' && config.mode === 'development',
        // A dev server always maps (errors point into the .mdx); a build only when asked to.
        sourcemap: !build || Boolean(config.build.sourcemap),
        cache: build,
      })
    },
    async transform(source, id) {
      const [file] = id.split('?') as [string]
      if (!compiler?.formatOf(file)) return undefined
      return compiler.compile(file, source)
    },
    buildEnd() {
      const { compiled = 0, reused = 0 } = compiler?.stats ?? {}
      if (this.environment.config.command === 'build' && compiled + reused > 0)
        this.environment.logger.info(
          `mdx: ${compiled + reused} modules, ${reused} from the build cache (a cold build's content check compiled those it parsed)`,
        )
    },
  }
}
