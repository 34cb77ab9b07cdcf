// The content check (`npm run check:content`'s own loadContent) run on files the editing UI is
// about to save, before anything is written: the proposed files are laid over a copy of the
// project made of links (nothing is copied but the folders leading to them), so the entry is
// checked whole and among the others, with the same rules and the same sentences.
import { lstat, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { loadContent, type ContentError } from '../content/load.ts'
import type { ProposedFile } from './entry-file.ts'

export type { ProposedFile }

/**
 * The content check's problems with `files` as they would be once saved: those in the files
 * themselves, in the order the check reports them. An empty list means the save may go ahead.
 */
export async function checkProposedFiles(
  root: string,
  collections: Record<string, CollectionDefinition>,
  files: readonly ProposedFile[],
): Promise<ContentError[]> {
  const overlay = await mkdtemp(path.join(tmpdir(), 'content-check-'))
  try {
    const targets = files.map((file) => file.path.split('/').filter(Boolean))
    await linkTree(root, overlay, targets)
    for (const file of files) {
      const absolute = path.join(overlay, ...file.path.split('/'))
      await mkdir(path.dirname(absolute), { recursive: true })
      await writeFile(absolute, file.content)
    }
    const { errors } = await loadContent(overlay, collections, { cache: true })
    const proposed = new Set(files.map((file) => file.path))
    return errors.filter((error) => proposed.has(error.file))
  } finally {
    await rm(overlay, { recursive: true, force: true })
  }
}

/**
 * Links every entry of `source` into `target`, except the folders on the way to a proposed file,
 * which are made real (and linked into in turn) so the proposed file can be written there.
 */
async function linkTree(source: string, target: string, paths: string[][]): Promise<void> {
  const through = new Map<string, string[][]>()
  for (const parts of paths)
    if (parts.length > 1)
      through.set(parts[0]!, [...(through.get(parts[0]!) ?? []), parts.slice(1)])
  const replaced = new Set(paths.filter((parts) => parts.length === 1).map((parts) => parts[0]))
  for (const name of await readdir(source).catch(() => [])) {
    if (replaced.has(name)) continue
    const from = path.join(source, name)
    const to = path.join(target, name)
    const inner = through.get(name)
    if (inner && (await lstat(from)).isDirectory()) {
      await mkdir(to)
      await linkTree(from, to, inner)
    } else await symlink(from, to)
  }
}
