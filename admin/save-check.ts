// Where the content check of a save runs. On `npm run dev` the dev server runs `npm run
// check:content`'s own code on it among the real files (/admin/api/check,
// builder/admin/entry-check.ts), and its local mode checks again before it writes. The built
// site's /admin has no server behind it, so there the same code runs in the page
// (./content-check.ts, a chunk of its own fetched on the first save): a save is never committed
// unchecked.
import type { EntryToCheck } from '../builder/admin/entry-check-in-page.ts'

export type { EntryToCheck }

/** The problems of `entry`: from the dev server on `npm run dev`, from the page when built. */
export async function checkEntry(entry: EntryToCheck): Promise<string[]> {
  if (import.meta.env.DEV) return checkOnDevServer(entry)
  const { checkEntry: checkInPage } = await import('./content-check.ts')
  return checkInPage(entry)
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
