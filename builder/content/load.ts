// The site's content loader: every collection loaded and checked (./load-folder.ts), with the ids
// the rendered page keeps for itself (./page-ids.ts) reserved from headings and sections. What
// the build, the dev server, the check and the editor load through.
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import type { ContentIndex } from './check-types.ts'
import {
  folderIndex,
  loadFolder,
  type LoadOptions as FolderLoadOptions,
  type LoadResult,
} from './load-folder.ts'
import { pageIds } from './page-ids.ts'

export { ID_PATTERN, IMAGES_DIR, slugify, publishingDay } from './load-folder.ts'
// The entry types straight from where they are defined; the loader's own result from the loader.
export type {
  BrokenEntry,
  ContentError,
  ContentIndex,
  DataEntry,
  LoadedEntry,
  ScheduledEntry,
} from './check-types.ts'
export type { LoadResult } from './load-folder.ts'

/** The folder loader's options but the page's ids, which this loader renders. */
export type LoadOptions = Omit<FolderLoadOptions, 'pageIds'>

export function loadContent(
  root: string,
  collections: Record<string, CollectionDefinition>,
  options: LoadOptions = {},
): Promise<LoadResult> {
  return loadFolder(root, collections, { ...options, pageIds: () => pageIds(root) })
}

/**
 * What the editor's check in the browser needs to know of the content it does not read
 * (../../admin/content-check.ts), written beside the editor's configuration.
 */
export function contentIndex(
  root: string,
  collections: Record<string, CollectionDefinition>,
  options: Pick<LoadOptions, 'contentDir' | 'cache'> = {},
): Promise<ContentIndex> {
  return folderIndex(root, collections, { ...options, pageIds: () => pageIds(root) })
}
