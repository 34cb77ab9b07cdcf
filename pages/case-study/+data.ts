import type { PageContextServer } from 'vike/types'
import { getEntry, getImage, getSite, listRoutes } from '../../site/content.ts'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { breadcrumbTrail } from '../../components/layout/structured-data.ts'
import { routeFor } from '../routing.ts'

export function data(pageContext: PageContextServer) {
  const route = routeFor(pageContext, 'case-studies')
  const study = getEntry('case-studies', route.id)
  const site = getSite()
  const meta: PageMeta = {
    title: study.data.title,
    description: study.data.description,
    path: route.path,
    breadcrumbs: breadcrumbTrail(route.path, listRoutes(), site.ui.home, study.data.segment),
  }
  // Content, the compiled MDX body, is a component: the data is never serialized (server-only page).
  return {
    meta,
    pictures: (src: string) => getImage(study.file, src),
    study: study.data,
    all: site.caseStudies.all,
    Content: study.Content,
  }
}

export type Data = ReturnType<typeof data>
