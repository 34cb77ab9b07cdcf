import { getCollection, getOmittedDrafts, isPublished } from '../content/index.ts'
import { buildRouteTable, type RouteEntry } from './route-table.ts'

export { industryPath, type RouteEntry } from './route-table.ts'

/** Every route of the built site (in the dev server, drafts' routes too). */
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

/** Routes of published entries only, in the build and the dev server alike: for the sitemap. */
export function listPublishedRoutes(): RouteEntry[] {
  return buildRouteTable({
    pages: getCollection('pages').filter(isPublished),
    legal: getCollection('legal').filter(isPublished),
    industries: getCollection('industries').filter(isPublished),
  })
}

/** Addresses of drafts left out of this build, so the navigation drops links to them. */
export function listOmittedDraftPaths(): Set<string> {
  const routes = buildRouteTable({
    pages: getOmittedDrafts('pages'),
    legal: getOmittedDrafts('legal'),
    industries: getOmittedDrafts('industries'),
  })
  return new Set(routes.map((route) => route.path))
}
