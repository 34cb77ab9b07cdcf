// Where the editor's local mode may read and write: the folder of each collection under
// content/ (or a singleton's one file), and nothing else, never content/schema/. A path from a
// request is refused unless each of its segments is a plain name (no "..", "." or empty one) and
// it resolves, with every symbolic link followed, inside the collection's folder, itself inside
// content/. A collection's files sit directly in its folder, and a document collection's pictures
// in its images/ folder: the content check reads no deeper, so nothing deeper is written.
// Checked when the request comes (a writer's own machine: no one swaps a folder for a
// link between the check and the write).
import { lstat, realpath } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { IMAGES_DIR } from '../content/entry-files.ts'

/** A refusal Decap shows in its "Failed to persist entry" message. */
export class RefusedError extends Error {}

/** The content's rules (content/schema/): code the build runs, never an editor's file. */
export const SCHEMA_FOLDER = 'schema'

export interface CollectionPathOptions {
  root: string
  collections: Record<string, CollectionDefinition>
  /** The content folder, relative to root. */
  contentDir?: string
}

const isInside = (child: string, parent: string) =>
  child === parent || child.startsWith(parent + path.sep)

export function collectionPaths({
  root,
  collections,
  contentDir = 'content',
}: CollectionPathOptions) {
  const base = path.resolve(root, contentDir)
  const sources = Object.values(collections).map((definition) => ({
    segments: definition.source.split('/'),
    singleton: definition.singleton === true,
  }))
  const where = `only the collections' folders in ${contentDir}/ (${Object.values(collections)
    .map((definition) => definition.source)
    .sort()
    .join(', ')})`

  /** The segments of a path after content/, once each is a plain name. */
  function contentSegments(repoPath: unknown): string[] {
    if (typeof repoPath !== 'string' || repoPath === '')
      throw new RefusedError('a request named no file: the editor names each file by its path')
    const segments = repoPath.split('/')
    const odd = segments.find(
      (segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment),
    )
    if (odd !== undefined)
      throw new RefusedError(
        `"${repoPath}" is refused: it has ${odd === '' ? 'an empty' : `a "${odd.replace('\0', '\\0')}"`} segment, and the editor names a file by its plain path inside a collection's folder`,
      )
    const [top, ...rest] = segments
    if (top !== contentDir)
      throw new RefusedError(
        `"${repoPath}" is outside ${contentDir}/: the editor may touch ${where}`,
      )
    if (rest[0] === SCHEMA_FOLDER)
      throw new RefusedError(
        `"${repoPath}" is refused: ${contentDir}/${SCHEMA_FOLDER}/ holds the content's rules, which the editor never changes`,
      )
    return rest
  }

  /**
   * The absolute path of `repoPath` once it is shown to resolve inside `folder` (absolute):
   * the nearest part of it that exists, with its links followed, is there, and `folder` itself,
   * links followed, is inside content/.
   */
  async function resolveInside(repoPath: string, absolute: string, folder: string) {
    const realBase = await realpath(base)
    const realFolder = await realpath(folder).catch(() => undefined)
    if (realFolder === undefined || !isInside(realFolder, realBase))
      throw new RefusedError(
        `"${repoPath}" is refused: its collection's folder ${realFolder === undefined ? 'does not exist' : `leads out of ${contentDir}/ through a symbolic link`}`,
      )
    let existing = absolute
    while (
      !(await lstat(existing).then(
        () => true,
        () => false,
      ))
    )
      existing = path.dirname(existing)
    const real = await realpath(existing).catch(() => undefined)
    if (real === undefined || !isInside(real, realFolder))
      throw new RefusedError(
        `"${repoPath}" is refused: it leads out of its collection's folder through a symbolic link`,
      )
    return absolute
  }

  return {
    /**
     * A file's absolute path, refused unless it is strictly inside a collection's folder (or is
     * a singleton's own file): what every read, write and delete goes through.
     */
    async resolveFile(repoPath: unknown): Promise<string> {
      const rest = contentSegments(repoPath)
      const owner = sources.find(({ segments, singleton }) =>
        singleton
          ? rest.join('/') === segments.join('/')
          : rest.length > segments.length && segments.every((name, at) => rest[at] === name),
      )
      const depth = owner ? rest.length - owner.segments.length : 0
      if (owner && !owner.singleton && depth > 1 && !(depth === 2 && rest.at(-2) === IMAGES_DIR))
        throw new RefusedError(
          `"${String(repoPath)}" is refused: a collection's entries sit directly in its folder (and its pictures in images/), which is all the content check reads`,
        )
      if (!owner)
        throw new RefusedError(
          `"${String(repoPath)}" is in no collection: the editor may touch ${where}`,
        )
      const absolute = path.join(base, ...rest)
      const folder = owner.singleton ? base : path.join(base, ...owner.segments)
      return resolveInside(String(repoPath), absolute, folder)
    },
    /** A folder's absolute path: a collection's folder or one inside it (a media folder). */
    async resolveFolder(repoPath: unknown): Promise<string> {
      const rest = contentSegments(repoPath)
      const owner = sources.find(
        ({ segments, singleton }) =>
          !singleton &&
          rest.length >= segments.length &&
          segments.every((name, at) => rest[at] === name),
      )
      if (!owner)
        throw new RefusedError(
          `"${String(repoPath)}" is no collection's folder: the editor may touch ${where}`,
        )
      return resolveInside(
        String(repoPath),
        path.join(base, ...rest),
        path.join(base, ...owner.segments),
      )
    },
  }
}
