// Which content files a change touches, with the lines it removed and added, and which file each
// page is made from: what lets the report name a change's cause and the page that owns it.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { LoadedEntry } from '../builder/content/load.ts'
import { isRoutedCollection, routePath, type RoutedCollection } from '../site/routes.ts'
import type { ContentChange } from './change-groups.ts'
import { git } from '../builder/worktree-build.ts'

const CONTENT = 'content'

/** The content files that differ between `base` and the working tree (untracked ones too). */
export async function changedContentFiles(repo: string, base: string): Promise<ContentChange[]> {
  const diff = await git(repo, ['diff', '--no-color', '--no-ext-diff', '-U0', base, '--', CONTENT])
  const changes: ContentChange[] = []
  for (const section of diff.split(/^diff --git /m).slice(1)) {
    const file = /^\+\+\+ b\/(.+)$/m.exec(section)?.[1] ?? /^--- a\/(.+)$/m.exec(section)?.[1]
    if (!file) continue
    const lines = section
      .split('\n')
      .filter((line) => /^[+-](?![+-]{2} )/.test(line))
      .map((line) => line.slice(1))
    changes.push({ file, diff: lines.join('\n') })
  }
  const untracked = await git(repo, ['ls-files', '--others', '--exclude-standard', '--', CONTENT])
  for (const file of untracked.split('\n').filter(Boolean))
    changes.push({ file, diff: await readFile(path.join(repo, file), 'utf8') })
  return changes.sort((a, b) => a.file.localeCompare(b.file))
}

/** The file each page of a routed collection is made from, by route (first pages only). */
export function fileOfRoute(
  repo: string,
  entries: ReadonlyMap<string, readonly LoadedEntry[]>,
): Map<string, string> {
  const files = new Map<string, string>()
  for (const [collection, list] of entries) {
    if (!isRoutedCollection(collection)) continue
    for (const entry of list) {
      const route = routePath(collection as RoutedCollection, entry as never)
      const file = path.isAbsolute(entry.file) ? path.relative(repo, entry.file) : entry.file
      files.set(route, file.split(path.sep).join('/'))
    }
  }
  return files
}

/**
 * The routes removed files were made from, as far as their address follows from their name
 * (every routed collection but pages/, whose address is inside the file).
 */
export function removedFileRoutes(
  removed: readonly ContentChange[],
  routes: readonly string[],
): Map<string, string> {
  const files = new Map<string, string>()
  for (const { file } of removed) {
    const name = path.basename(file).replace(/\.[^.]+$/, '')
    const route = routes.find((candidate) => candidate.split('/').at(-1) === name)
    if (route) files.set(route, file)
  }
  return files
}
