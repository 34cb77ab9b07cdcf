// The route table outside the build: from content as loaded from disk, for the build's own
// files (sitemap, hosting rules), Lighthouse and the end-to-end tests. The addresses are decided
// in site/routes.ts only.
import path from 'node:path'
import type { LoadedEntry } from './check-types.ts'
import { loadFolder } from './load-folder.ts'
import {
  collections,
  type CollectionName,
  type EntryData,
} from '../../content/schema/collections.ts'
import { buildRouteTable } from '../../site/routes.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** The route table of loaded content (each collection's entries, by name). */
export function routeTableOf(
  entries: ReadonlyMap<string, readonly { id: string; data: unknown }[]>,
) {
  return buildRouteTable(
    <C extends CollectionName>(name: C) =>
      (entries.get(name) ?? []) as { id: string; data: EntryData<C> }[],
  )
}

let repositoryLoad: Promise<ReadonlyMap<string, readonly LoadedEntry[]>> | undefined

/**
 * The content in this repository, loaded once per process however many callers ask (the
 * end-to-end spec files of a worker share it): read it, never change it.
 */
export function repositoryContent(): Promise<ReadonlyMap<string, readonly LoadedEntry[]>> {
  // Without the page's ids: routes do not depend on them, and the daily jobs that read these run
  // without Vite, which renders the page for them (./load-folder.ts).
  return (repositoryLoad ??= loadFolder(root, collections, {
    cache: true,
    pageIds: async () => new Set(),
  }).then(({ entries, errors }) => {
    if (errors.length)
      throw new Error(`content has ${errors.length} problems; run npm run check:content`)
    return entries
  }))
}

/** The routes the built site must have, from the content in this repository. */
export async function expectedRoutes() {
  return routeTableOf(await repositoryContent())
}

/**
 * The content file each page is made from, by address (every page of an entry that runs to
 * several), as a path from `root`: what a build error about a page names. List pages are made
 * from many entries and have none.
 */
export function contentFileOfRoute(
  routes: readonly { path: string; collection: string; id: string }[],
  entries: ReadonlyMap<string, readonly { id: string; file: string }[]>,
  root: string,
): Map<string, string> {
  const files = new Map<string, string>()
  for (const route of routes) {
    const entry = entries.get(route.collection)?.find((candidate) => candidate.id === route.id)
    if (!entry) continue
    const file = path.isAbsolute(entry.file) ? path.relative(root, entry.file) : entry.file
    files.set(route.path, file.split(path.sep).join('/'))
  }
  return files
}
