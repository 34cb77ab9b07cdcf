// The first step of the content check: which files content/ holds, each one's collection and id
// (its file name), the asset files (illustrations) and whether each passes its own check, and
// every file no collection reads. Entries' texts are read later (./content-checker.ts).
import { assetFolders, type AssetFolder } from '../../content/schema/asset-folders.ts'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import type { Candidate, ContentError, ContentIndex } from './check-types.ts'
import { DATA_EXTENSIONS, DOCUMENT_EXTENSIONS } from './source.ts'
import { extensionOf, joinPath, type ContentSource } from './content-source.ts'

/** The folder of a document collection holding the pictures its entries show. */
export const IMAGES_DIR = 'images'
/** content/schema/: the Zod schemas writers' files follow, not entries of their own. */
const SCHEMA_DIR = 'schema'

export const ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** What content/ holds, before any entry's text is read. */
export interface EntryFiles {
  /** Every entry file with its collection and id. */
  candidates: Candidate[]
  /** Per collection and asset folder, the ids content may refer to. */
  knownIds: Map<string, Set<string>>
  /** The asset files that were looked at, as paths from the root. */
  assetFiles: string[]
  /** Per asset folder, the ids of the files that pass its check. */
  assets: Record<string, string[]>
  errors: ContentError[]
}

/** Finds every file and its id, so references can be checked while parsing. */
export async function findEntryFiles(
  store: ContentSource,
  collections: Record<string, CollectionDefinition>,
  contentDir: string,
  index: ContentIndex | undefined,
): Promise<EntryFiles> {
  const errors: ContentError[] = []
  const fileError = (file: string, message: string, line = 1, column = 1) =>
    errors.push({ file, line, column, field: '(file)', message })
  const candidates: Candidate[] = []
  const claimed = new Set<string>()
  for (const [name, definition] of Object.entries(collections)) {
    const folder = joinPath(contentDir, definition.source)
    claimed.add(folder)
    if (definition.singleton) {
      if (await store.isFile(folder)) candidates.push({ collection: name, id: name, file: folder })
      else fileError(folder, `missing: the ${name} collection is this one file`)
      continue
    }
    const extensions: readonly string[] =
      definition.type === 'data' ? DATA_EXTENSIONS : DOCUMENT_EXTENSIONS
    const seen = new Map<string, string>()
    for (const entry of await store.list(folder)) {
      if (entry.startsWith('.') || entry.startsWith('_')) continue
      // A document collection's pictures sit beside its entries, in images/.
      if (entry === IMAGES_DIR && definition.type === 'document') continue
      const file = joinPath(folder, entry)
      const extension = extensionOf(entry)
      if (!extensions.includes(extension)) {
        fileError(
          file,
          `${name} entries are ${extensions.join(' or ')} files; rename or move this file`,
        )
        continue
      }
      const id = baseName(entry, extension)
      if (!ID_PATTERN.test(id)) {
        fileError(
          file,
          `file name "${id}" must be lowercase words joined by hyphens (it is the entry's id and URL), e.g. "${slugify(id)}${extension}"`,
        )
        continue
      }
      const first = seen.get(id)
      if (first) {
        fileError(file, `duplicate id "${id}": ${first} already defines this ${name} entry`)
        continue
      }
      seen.set(id, file)
      candidates.push({ collection: name, id, file })
    }
  }
  const knownIds = new Map<string, Set<string>>()
  for (const name of Object.keys(collections)) knownIds.set(name, new Set())
  for (const candidate of candidates) knownIds.get(candidate.collection)!.add(candidate.id)

  // Asset files (illustrations): their names are ids that entries may reference.
  const assetFiles: string[] = []
  const assets: Record<string, string[]> = {}
  for (const [name, folder] of Object.entries(assetFolders) as [string, AssetFolder][]) {
    const dir = joinPath(contentDir, folder.source)
    claimed.add(dir)
    const ids = new Set<string>()
    knownIds.set(name, ids)
    for (const entry of await store.list(dir)) {
      if (entry.startsWith('.')) continue
      const file = joinPath(dir, entry)
      const id = baseName(entry, folder.extension)
      if (extensionOf(entry) !== folder.extension) {
        fileError(file, `${name} are ${folder.extension} files; rename or move this file`)
      } else if (!ID_PATTERN.test(id)) {
        fileError(
          file,
          `file name "${id}" must be lowercase words joined by hyphens (content refers to it by this name), e.g. "${slugify(id)}${folder.extension}"`,
        )
      } else {
        const text = await store.read(file)
        // Not held by the source: the index says whether it passed its check.
        const problem =
          text === undefined
            ? index?.assets[name]?.includes(id)
              ? undefined
              : { message: `${name}: this file is not in the content index` }
            : folder.check?.(text)
        if (problem) fileError(file, problem.message, problem.line, problem.column)
        else ids.add(id)
        assetFiles.push(file)
      }
    }
    assets[name] = [...ids]
  }
  errors.push(...(await strayFiles(store, contentDir, claimed)))
  return { candidates, knownIds, assetFiles, assets, errors }
}

/** `name` without `extension` at its end, as node:path's basename(name, extension). */
export function baseName(name: string, extension: string): string {
  return extension && name.endsWith(extension) && name !== extension
    ? name.slice(0, -extension.length)
    : name
}

async function strayFiles(
  store: ContentSource,
  contentDir: string,
  claimed: Set<string>,
): Promise<ContentError[]> {
  // Anything in content/ that no collection reads is almost always a misplaced or misnamed file.
  const errors: ContentError[] = []
  for (const entry of await store.list(contentDir)) {
    const file = joinPath(contentDir, entry)
    if (claimed.has(file) || entry.startsWith('_') || entry.startsWith('.')) continue
    if (entry === SCHEMA_DIR || entry === 'README.md') continue
    errors.push({
      file,
      line: 1,
      column: 1,
      field: '(file)',
      message:
        'not part of any collection; see content/schema/collections.ts for the folders that are read',
    })
  }
  return errors
}

export function slugify(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
