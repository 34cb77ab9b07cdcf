// A throwaway copy of the whole site (code, config, scripts, server) sharing node_modules, for
// tests that build or serve it with different content.
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const siteRoot = path.resolve(import.meta.dirname, '../../..')

/**
 * Vite's options for a dev server on a copy whose test reads only the server's HTML: no
 * pre-bundling of the browser's dependencies, and its cache inside the copy. Vite keys that
 * cache by the root, so each copy bundled Decap and React again into the site's own
 * node_modules/.vite (the copy's node_modules is a link to it), under the dev tests' server and
 * a writer's `npm run dev`, and went on writing there after the copy was removed.
 */
export const NO_DEPENDENCY_BUNDLING = { optimizeDeps: { noDiscovery: true }, cacheDir: '.vite' }

const NOT_COPIED = new Set(['node_modules', 'dist', 'tests', 'content', 'reports', 'test-results'])

/**
 * The site's content/ without its entries, into `project`: the schemas (schema/, .schemas/),
 * illustrations and pictures the entries name.
 */
export function copyContentWithoutEntries(project: string): Promise<void> {
  return cp(path.join(siteRoot, 'content'), path.join(project, 'content'), {
    recursive: true,
    filter: (source) => !/\.(ya?ml|mdx?)$/.test(source) && !/[/\\]legal$/.test(source),
  })
}

/**
 * Copies the site without its content; `writeContent` fills content/ of the copy. In a new
 * temporary folder, or in `folder`, emptied first, for a copy whose caches should find the last
 * one's: the build keeps its content load per project folder (builder/content/load-snapshot.ts).
 */
export async function copySite(
  prefix: string,
  writeContent: (project: string) => Promise<void>,
  folder?: string,
): Promise<{ project: string; remove: () => Promise<void> }> {
  if (folder) {
    await rm(folder, { recursive: true, force: true, maxRetries: 5 })
    await mkdir(folder, { recursive: true })
  }
  const project = folder ?? (await mkdtemp(path.join(tmpdir(), prefix)))
  for (const entry of await readdir(siteRoot))
    if (!NOT_COPIED.has(entry) && !entry.startsWith('.'))
      await cp(path.join(siteRoot, entry), path.join(project, entry), { recursive: true })
  // Of tests/, the harness: the report and the measurements start Chromium with it.
  await cp(path.join(siteRoot, 'tests/harness'), path.join(project, 'tests/harness'), {
    recursive: true,
  })
  await copyContentWithoutEntries(project)
  await writeContent(project)
  await symlink(path.join(siteRoot, 'node_modules'), path.join(project, 'node_modules'), 'dir')
  return {
    project,
    // A dev server may still be writing its cache while it closes: retry instead of failing.
    remove: () => rm(project, { recursive: true, force: true, maxRetries: 5 }),
  }
}
