// The route table: every address the site answers, derived from content. The navigation check,
// the sitemap, the unknown-path guard and the tests all read this one list.
import { getCollection } from '../content/index.ts'

export interface RouteEntry {
  path: string
  collection: 'pages' | 'legal' | 'industries'
  id: string
  title: string
}

/** Routes served by pages/content: section pages and long-form documents. */
export function listContentRoutes(): RouteEntry[] {
  return [
    ...getCollection('pages').map((entry) => ({
      path: entry.data.path,
      collection: 'pages' as const,
      id: entry.id,
      title: entry.data.title,
    })),
    ...getCollection('legal').map((entry) => ({
      path: `/${entry.id}`,
      collection: 'legal' as const,
      id: entry.id,
      title: entry.data.title,
    })),
  ]
}

export function industryPath(id: string): string {
  return `/industries/${id}`
}

export function listRoutes(): RouteEntry[] {
  return [
    ...listContentRoutes(),
    ...getCollection('industries').map((entry) => ({
      path: industryPath(entry.id),
      collection: 'industries' as const,
      id: entry.id,
      title: entry.data.title,
    })),
  ].sort((a, b) => a.path.localeCompare(b.path))
}
