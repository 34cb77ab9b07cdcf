// The route table for the route functions of pages/*/+route.ts, built from content before each
// request is routed (so the dev server sees a page added a moment ago).
import { listRoutes } from '../site/content.ts'

export function onBeforeRoute() {
  return { pageContext: { routes: listRoutes() } }
}
