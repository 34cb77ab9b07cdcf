// The routes the built site must have, from the same content and route table the renderer uses.
import path from 'node:path'
import { loadContent } from '../content/_lib/load.ts'
import { collections, type EntryData } from '../content/config.ts'
import { buildRouteTable } from '../renderer/route-table.ts'

const root = path.resolve(import.meta.dirname, '..')

export async function expectedRoutes() {
  const { entries, errors } = await loadContent(root, collections)
  if (errors.length)
    throw new Error(`content has ${errors.length} problems; run npm run check:content`)
  const list = <C extends 'pages' | 'legal' | 'industries'>(name: C) =>
    (entries.get(name) ?? []) as { id: string; data: EntryData<C> }[]
  return buildRouteTable({
    pages: list('pages'),
    legal: list('legal'),
    industries: list('industries'),
  })
}
