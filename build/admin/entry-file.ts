// An entry as the editing UI holds it (its fields, and an MDX body), written out as the file it
// would be saved as, so the content check can read it exactly as it reads a writer's file.
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
): ProposedFile[] {
  return [
    serializeEntry(collections, entry),
    ...(entry.assets ?? []).map((asset) => ({
      path: asset.path,
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
