// What a build was made with that its server must know: the base path its pages are under
// (renderer/base-path.ts). The prerender writes it beside the site (builder/prerender/
// build-artifacts.ts), outside dist/client so it is not served.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseBasePath } from '../renderer/base-path.ts'

export const BUILT_WITH_FILE = 'built-with.json'

export interface BuiltSite {
  /** "/" or "/repo/pr-12/". */
  basePath: string
}

/** The facts of the build in `distDir`; a build made before they were written is under "/". */
export function readBuiltSite(distDir: string): BuiltSite {
  const file = path.join(distDir, BUILT_WITH_FILE)
  if (!existsSync(file)) return { basePath: '/' }
  let facts: { basePath?: unknown }
  try {
    facts = JSON.parse(readFileSync(file, 'utf8')) as { basePath?: unknown }
  } catch (error) {
    throw new Error(
      `${file} is not JSON (${(error as Error).message}): run \`npm run build\` again.`,
    )
  }
  if (typeof facts.basePath !== 'string')
    throw new Error(`${file} has no basePath: run \`npm run build\` again.`)
  return { basePath: parseBasePath(facts.basePath) }
}
