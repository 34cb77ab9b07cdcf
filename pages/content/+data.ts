import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { resolveSections, sectionsMeta } from '../../components/sections/registry.tsx'
import { getEntry, getSite } from '../../content/index.ts'
import { listContentRoutes } from '../../renderer/routes.ts'
import type { PageMeta } from '../../renderer/types.ts'

export function data(pageContext: PageContextServer) {
  const route = listContentRoutes().find((candidate) => candidate.path === pageContext.urlPathname)
  if (!route) throw render(404)

  if (route.collection === 'legal') {
    const entry = getEntry('legal', route.id)
    const meta: PageMeta = {
      title: entry.data.title,
      description: entry.data.description,
      path: route.path,
      breadcrumbs: [
        { label: getSite().ui.home, path: '/' },
        { label: entry.data.title, path: route.path },
      ],
    }
    return { kind: 'document' as const, meta, id: entry.id, lastUpdated: entry.data.lastUpdated }
  }

  const page = getEntry('pages', route.id).data
  const sections = resolveSections(page.sections)
  const meta: PageMeta = {
    title: page.title,
    description: page.description,
    path: page.path,
    bareTitle: page.path === '/',
    ...sectionsMeta(sections),
  }
  return { kind: 'sections' as const, meta, sections }
}

export type Data = ReturnType<typeof data>
