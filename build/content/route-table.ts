// The route table outside the build: from content as loaded from disk, for the build's own
// files (sitemap, hosting rules), Lighthouse and the end-to-end tests. The addresses are decided
// in site/routes.ts only.
import path from 'node:path'
import { loadContent } from './load.ts'
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

/** The routes the built site must have, from the content in this repository. */
export async function expectedRoutes() {
  const { entries, errors } = await loadContent(root, collections, { cache: true })
  if (errors.length)
    throw new Error(`content has ${errors.length} problems; run npm run check:content`)
  return routeTableOf(entries)
}
