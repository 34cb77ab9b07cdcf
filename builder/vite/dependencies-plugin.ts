// The dev server sends each pre-bundled dependency as the optimizer wrote it, for the editor's
// first open (issue 55: 6.4-7.1 s to the collection list before, 4.4 s after; 5.0 s with the
// first cost alone), which was waiting on the server's single thread for two costs per file:
// - Vite inlines the map the optimizer wrote beside the file into every response, as base64,
//   with no option to turn it off (vitejs/vite#23287): the editor fetched 36 MB, decap-cms-core.js
//   alone 14.7 MB for 5.1 MB of code. Devtools now show the pre-bundled file itself, readable and
//   unminified; the project's own modules keep their maps.
// - Vite re-parses, with a new source map, any file whose text still holds
//   `process.env.NODE_ENV` (its client-inject plugin): 0.4 s for decap-cms-core.js, where the
//   optimizer has replaced every occurrence but those inside a bundled module that takes
//   `process` as a parameter, which no replacement may touch. Written as `process.env['NODE_ENV']`
//   they read the same property, and the re-parse finds nothing to do.
import { DevEnvironment, type Plugin } from 'vite'

/** A map with no mappings: Vite stops combining the chain there and inlines nothing. */
const NO_MAP = { mappings: '' }
const NODE_ENV_READ = 'process.env.NODE_ENV'

export function dependenciesAsWritten(): Plugin {
  return {
    name: 'site:dependencies-as-written',
    apply: 'serve',
    transform(code, id) {
      const { environment } = this
      if (!(environment instanceof DevEnvironment)) return
      if (!environment.depsOptimizer?.isOptimizedDepFile(id)) return
      return {
        code: code.includes(NODE_ENV_READ)
          ? code.replaceAll(NODE_ENV_READ, "process.env['NODE_ENV']")
          : code,
        map: NO_MAP,
      }
    },
  }
}
