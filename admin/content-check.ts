// The content check before a save where no dev server answers (the live site's /admin/, GitHub
// mode): `npm run check:content`'s own code and sentences, run in this page on the entry about
// to be committed, with what it needs of the other entries from the content index the build
// writes beside the editor. main.tsx loads this module only when a save is checked.
import { collections } from '../content/schema/collections.ts'
import {
  CONTENT_INDEX_FILE,
  checkEntryInPage,
  type ContentIndex,
  type EntryToCheck,
} from '../builder/admin/entry-check-in-page.ts'

let index: Promise<ContentIndex> | undefined

/** The index beside the editor's page: /admin/content-index.json (under the site's base path). */
async function loadIndex(): Promise<ContentIndex> {
  const folder = location.pathname.replace(/[^/]*\.html$/, '').replace(/\/?$/, '/')
  const response = await fetch(`${folder}${CONTENT_INDEX_FILE}`)
  if (!response.ok)
    throw new Error(
      `the content check could not run: ${folder}${CONTENT_INDEX_FILE} answered HTTP ${response.status}`,
    )
  return (await response.json()) as ContentIndex
}

/**
 * The check's sentences for the entry as it would be saved (its file and the pictures uploaded
 * with it), as `npm run check:content` prints them ("file:line:col  field  message"); none: it
 * may be saved.
 */
export async function checkEntry(entry: EntryToCheck): Promise<string[]> {
  index ??= loadIndex().catch((error: unknown) => {
    index = undefined // the next save tries again
    throw error
  })
  return checkEntryInPage(collections, await index, entry)
}
