// The content check (`npm run check:content`'s own loadContent) run on files the editing UI is
// about to save, before anything is written: the proposed files are laid over a copy of the
// project made of links, so the entry is checked whole and among the others, with the same rules
// and the same sentences. The folders that hold proposed files are made real, all the way down,
// with a link for each file, so that writing into the copy never writes through a link into the
// project: a proposed file replaces its link, it is not written through it.
import { constants } from 'node:fs'
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises'
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
    const realOverlay = await realpath(overlay)
    const targets = files.map((file) => {
      const parts = file.path.split('/')
      if (parts.some((part) => part === '' || part === '.' || part === '..'))
        throw new Error(`"${file.path}" is not a plain path inside the project`)
      return parts
    })
    await linkTree(root, overlay, targets)
    for (const file of files) {
      const absolute = path.join(overlay, ...file.path.split('/'))
      await mkdir(path.dirname(absolute), { recursive: true })
      // The folder is the copy's own (linkTree made it real), never a linked one.
      const folder = await realpath(path.dirname(absolute))
      if (!folder.startsWith(realOverlay + path.sep))
        throw new Error(`"${file.path}" would be written outside the check's copy of the project`)
      // A link to the project's file is replaced, not written through.
      await rm(absolute, { force: true })
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
 * Links every entry of `source` into `target`, except the top folders that hold a proposed file
 * (content/), which are copied as real folders all the way down, each file in them a link.
 */
async function linkTree(source: string, target: string, paths: string[][]): Promise<void> {
  const mirrored = new Set(paths.filter((parts) => parts.length > 1).map((parts) => parts[0]))
  const replaced = new Set(paths.filter((parts) => parts.length === 1).map((parts) => parts[0]))
  for (const entry of await readdir(source, { withFileTypes: true }).catch(() => [])) {
    if (replaced.has(entry.name)) continue
    const from = path.join(source, entry.name)
    const to = path.join(target, entry.name)
    if (mirrored.has(entry.name) && entry.isDirectory()) await mirrorFolder(from, to)
    else await symlink(from, to)
  }
}

/** `source` as real folders under `target`, each file (or link) in them linked to its own. */
async function mirrorFolder(source: string, target: string): Promise<void> {
  await mkdir(target)
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const from = path.join(source, entry.name)
    const to = path.join(target, entry.name)
    // A file is copied (a clone where the file system can), so that the check, which reads only
    // what stays inside content/ once links are followed (../content/confined-path.ts), reads it
    // as the project's own, and nothing the check writes in its copy reaches the project (a hard
    // link would share the file); a symbolic link in content/ is linked as itself, not followed,
    // and the check refuses it as the build would. The proposed files' folders are checked to be real
    // ones before anything is written.
    if (entry.isDirectory()) await mirrorFolder(from, to)
    else if (entry.isSymbolicLink()) await symlink(from, to)
    else await copyFile(from, to, constants.COPYFILE_FICLONE)
  }
}
