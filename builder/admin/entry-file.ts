// An entry as the editing UI holds it (its fields, and an MDX body), written out as the file it
// would be saved as, so the content check can read it exactly as it reads a writer's file. No
// Node here: the dev server's check (./entry-check.ts) and the editor's page
// (./entry-check-in-page.ts) write entries out the same way.
import { stringify } from 'yaml'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { slugify } from '../content/entry-files.ts'
import { dirnameOf, joinPath } from '../content/content-source.ts'

export interface ProposedFile {
  /** From the project root, with forward slashes: "content/faqs/about.yaml". */
  path: string
  content: string | Uint8Array
}

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
      ? joinPath(dirnameOf(file.path), 'images')
      : undefined
  return [
    file,
    ...(entry.assets ?? []).map((asset) => ({
      path: pictures ? joinPath(pictures, asset.path.split('/').at(-1)!) : asset.path,
      content: Uint8Array.from(atob(asset.content), (char) => char.charCodeAt(0)),
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
