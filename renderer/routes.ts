import { getCollection } from '../content/index.ts'
import { buildRouteTable, type RouteEntry } from './route-table.ts'

export { industryPath, type RouteEntry } from './route-table.ts'

/** Every route of the built site. */
export function listRoutes(): RouteEntry[] {
  return buildRouteTable({
    pages: getCollection('pages'),
    legal: getCollection('legal'),
    industries: getCollection('industries'),
  })
}

/** Routes served by pages/content: section pages and long-form documents. */
export function listContentRoutes(): RouteEntry[] {
  return listRoutes().filter((route) => route.collection !== 'industries')
}
