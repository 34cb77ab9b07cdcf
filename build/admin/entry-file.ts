// An entry as the editing UI holds it (its fields, and an MDX body), written out as the file it
// would be saved as, so the content check can read it exactly as it reads a writer's file.
import path from 'node:path'
import { stringify } from 'yaml'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { slugify } from '../content/load.ts'
import type { ProposedFile } from './entry-check.ts'

export interface EntryToCheck {
  collection: string
  /** The file name without extension; empty for an entry not yet saved. */
  slug?: string
  /** The fields; for a document, `body` holds its MDX text. */
  data: Record<string, unknown>
  /** Pictures uploaded with the entry: their paths from the root, their bytes in base64. */
  assets?: { path: string; content: string }[]
}

/** The entry's file and the pictures uploaded with it, as they would be saved. */
export function entryFiles(
  collections: Record<string, CollectionDefinition>,
  entry: EntryToCheck,
  contentDir = 'content',
): ProposedFile[] {
  const file = serializeEntry(collections, entry, contentDir)
  // A document's pictures are saved in its folder's images/ (Decap's media_folder "images",
  // relative to the entry). Before a new entry's first save Decap has no entry path yet and
  // names them in the collection's folder itself; the save moves them to images/, so the
  // check reads them there.
  const pictures =
    collections[entry.collection]?.type === 'document'
      ? path.posix.join(path.posix.dirname(file.path), 'images')
      : undefined
  return [
    file,
    ...(entry.assets ?? []).map((asset) => ({
      path: pictures ? path.posix.join(pictures, path.posix.basename(asset.path)) : asset.path,
      content: Buffer.from(asset.content, 'base64'),
    })),
  ]
}

export function serializeEntry(
  collections: Record<string, CollectionDefinition>,
  { collection, slug, data }: EntryToCheck,
  contentDir = 'content',
): ProposedFile {
  const definition = collections[collection]
  if (!definition) throw new Error(`there is no collection "${collection}"`)
  if (definition.singleton)
    return { path: `${contentDir}/${definition.source}`, content: stringify(data) }
  // A new entry is named after its title, as the editor names its file.
  const id = slug || slugify(String(data.title ?? 'new-entry'))
  if (definition.type === 'data')
    return { path: `${contentDir}/${definition.source}/${id}.yaml`, content: stringify(data) }
  const { body, ...fields } = data
  return {
    path: `${contentDir}/${definition.source}/${id}.mdx`,
    content: `---\n${stringify(fields)}---\n\n${typeof body === 'string' ? body : ''}\n`,
  }
}
