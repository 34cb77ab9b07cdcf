// The route table: every address the site answers, derived from content entries. The renderer,
// the prerender lists and the tests all build it with this one function.
export interface RouteEntry {
  path: string
  collection: 'pages' | 'legal' | 'industries'
  id: string
  title: string
}

interface Entries {
  pages: { id: string; data: { path: string; title: string } }[]
  legal: { id: string; data: { title: string } }[]
  industries: { id: string; data: { title: string } }[]
}

export const industryPath = (id: string) => `/industries/${id}`
export const legalPath = (id: string) => `/${id}`

export function buildRouteTable({ pages, legal, industries }: Entries): RouteEntry[] {
  return [
    ...pages.map(({ id, data }) => ({
      path: data.path,
      collection: 'pages' as const,
      id,
      title: data.title,
    })),
    ...legal.map(({ id, data }) => ({
      path: legalPath(id),
      collection: 'legal' as const,
      id,
      title: data.title,
    })),
    ...industries.map(({ id, data }) => ({
      path: industryPath(id),
      collection: 'industries' as const,
      id,
      title: data.title,
    })),
  ].sort((a, b) => a.path.localeCompare(b.path))
}
