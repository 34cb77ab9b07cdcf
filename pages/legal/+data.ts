import type { PageContextServer } from 'vike/types'
import { getEntry, getSite } from '../../site/content.ts'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { routeFor } from '../routing.ts'

export function data(pageContext: PageContextServer) {
  const route = routeFor(pageContext, 'legal')
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
  // Content, the compiled MDX body, is a component: the data is never serialized (server-only page).
  return { meta, lastUpdated: entry.data.lastUpdated, Content: entry.Content }
}

export type Data = ReturnType<typeof data>
