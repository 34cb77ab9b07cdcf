// Where `npm run build` writes the site: dist/ (client/ and, until the prerender ends, server/),
// or the folder SITE_DIST_DIR names, so a second build (the sub-path check of
// tests/harness/test-subpath.ts) can be made without replacing the one the other tests read. A folder
// inside the project: Vike's build cannot find its own manifest in one outside it.
import path from 'node:path'

export const DIST_DIR_VARIABLE = 'SITE_DIST_DIR'

/** The folder as given, relative to the project (Vite's build.outDir). */
export function distFolderOf(env: Record<string, string | undefined>): string {
  const folder = env[DIST_DIR_VARIABLE] || 'dist'
  const relative = path.relative(process.cwd(), path.resolve(folder))
  if (relative.startsWith('..') || path.isAbsolute(relative) || relative === '')
    throw new Error(
      `${DIST_DIR_VARIABLE} must name a folder inside the project (Vike builds nowhere else), got "${folder}".`,
    )
  return relative
}

export const distDirOf = (env: Record<string, string | undefined>) =>
  path.resolve(distFolderOf(env))
