// Where the content check of a save runs. On `npm run dev` the dev server runs `npm run
// check:content`'s own code on it (/admin/api/check, build/admin/entry-check.ts). The built
// site's /admin has no server behind it, so there the check runs in the page, from the module
// ./browser-check.ts, which exports
//
//   checkEntryInBrowser(entry: EntryToCheck): Promise<string[]>
//
// and answers the problems' sentences (none when the entry may be saved). A build without that
// module refuses every save and says why: a save is never committed unchecked.

/** An entry about to be saved, as the check reads it (the body of POST /admin/api/check). */
export interface EntryToCheck {
  collection: string
  slug: string
  /** The form's fields, pictures' addresses already as the files write them (./picture-addresses.ts). */
  data: Record<string, unknown>
  /** Pictures uploaded with the entry, base64: the check needs the cover to exist. */
  assets: { path: string; content: string }[]
}

export interface BrowserCheckModule {
  checkEntryInBrowser(entry: EntryToCheck): Promise<string[]>
}

/** The in-page check, when this build has it: a chunk of its own, fetched on the first save. */
const browserCheck = import.meta.glob<BrowserCheckModule>('./browser-check.ts')

/** Sentence of a built editor that has no check to run. */
export const NO_BROWSER_CHECK =
  'This build of the editor has no content check (admin/browser-check.ts is missing), so nothing was saved.'

/** The problems of `entry`: from the dev server on `npm run dev`, from the page when built. */
export async function checkEntry(entry: EntryToCheck): Promise<string[]> {
  if (import.meta.env.DEV) return checkOnDevServer(entry)
  const load = browserCheck['./browser-check.ts']
  if (!load) throw new Error(NO_BROWSER_CHECK)
  return (await load()).checkEntryInBrowser(entry)
}

async function checkOnDevServer(entry: EntryToCheck): Promise<string[]> {
  const response = await fetch('/admin/api/check', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(entry),
  })
  if (!response.ok) throw new Error(`the content check could not run (HTTP ${response.status})`)
  return ((await response.json()) as { problems: string[] }).problems
}
