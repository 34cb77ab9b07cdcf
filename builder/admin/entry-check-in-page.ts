// The content check of an entry about to be saved, run in the editor's page where no dev server
// answers (the live site's /admin): the same checkContent as `npm run check:content`, reading the
// entry's own file from memory and learning the rest of the content from the content index the
// build writes beside the editor (../content/load.ts contentIndex). No Node here: the editor's
// page imports this (../../admin/content-check.ts).
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { buildDay } from '../../site/publishing.ts'
import { checkContent } from '../content/content-checker.ts'
import type { ContentIndex } from '../content/check-types.ts'
import { memorySource } from '../content/content-source.ts'
import { formatError } from '../content/report.ts'
import { entryFiles, type EntryToCheck, type ProposedFile } from './entry-file.ts'

export type { ContentIndex, EntryToCheck }

/** The content index's file name, beside the editor's config.json under /admin/. */
export const CONTENT_INDEX_FILE = 'content-index.json'

/**
 * The check's sentences ("file:line:col  field  message") for the entry's file and the pictures
 * uploaded with it, as `npm run check:content` would print them once saved; none: it may be
 * saved. `today`: the day to publish for (default: today in the company's time zone).
 */
export function checkEntryInPage(
  collections: Record<string, CollectionDefinition>,
  index: ContentIndex,
  entry: EntryToCheck,
  today?: string,
): Promise<string[]> {
  return checkFilesInPage(collections, index, entryFiles(collections, entry), today)
}

/** The same, for files as they would be saved (a picture's bytes are not read, only its name). */
export async function checkFilesInPage(
  collections: Record<string, CollectionDefinition>,
  index: ContentIndex,
  files: readonly ProposedFile[],
  today?: string,
): Promise<string[]> {
  const texts = new Map<string, string>()
  for (const file of files) if (typeof file.content === 'string') texts.set(file.path, file.content)
  const { errors } = await checkContent(
    memorySource([...index.files, ...files.map((file) => file.path)], texts),
    collections,
    // No BUILD_DATE in a page: the day is the company's today.
    { index, today: today ?? ((timeZone) => buildDay(timeZone, {})) },
  )
  const proposed = new Set(files.map((file) => file.path))
  return errors.filter((error) => proposed.has(error.file)).map(formatError)
}
