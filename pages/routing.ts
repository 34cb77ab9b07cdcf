// The Vike side of site/routes.ts. Route functions are loaded when Vike reads its config,
// where content is not available, so the route table reaches them through the page context
// (set before routing by ./+onBeforeRoute.ts). Each pages/ folder that serves a routed
// collection answers its addresses with routeOf() and finds its entry with routeFor().
import { render } from 'vike/abort'
import type { RouteEntry, RoutedCollection, RoutedList } from '../site/routes.ts'

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Vike's typing convention
  namespace Vike {
    interface PageContext {
      /** Every route of the build, from site/routes.ts. */
      routes?: RouteEntry[]
    }
  }
}

type WithRoutes = { urlPathname: string; routes?: RouteEntry[] }

// Each page's route functions look its address up: a map per route table, not a scan per call.
const byPath = new WeakMap<RouteEntry[], Map<string, RouteEntry[]>>()

function find(
  { urlPathname, routes = [] }: WithRoutes,
  collection: RoutedCollection | RoutedList,
): RouteEntry | undefined {
  let index = byPath.get(routes)
  if (!index) {
    index = new Map()
    for (const route of routes) index.set(route.path, [...(index.get(route.path) ?? []), route])
    byPath.set(routes, index)
  }
  return index.get(urlPathname)?.find((route) => route.collection === collection)
}

/** A route function (+route.ts) matching exactly the addresses of one collection's entries. */
export const routeOf = (collection: RoutedCollection | RoutedList) => (pageContext: WithRoutes) => {
  const route = find(pageContext, collection)
  return route ? { routeParams: { id: route.id } } : false
}

/** The route a data hook renders, or the not-found page. */
export function routeFor(
  pageContext: WithRoutes,
  collection: RoutedCollection | RoutedList,
): RouteEntry {
  const route = find(pageContext, collection)
  if (!route) throw render(404)
  return route
}
