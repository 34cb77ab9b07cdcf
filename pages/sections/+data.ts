import type { PageContextServer } from 'vike/types'
import { resolveSections, sectionsMeta } from '../../components/sections/registry.tsx'
import { getCollection, getEntry } from '../../site/content.ts'
import { illustrationOf } from '../../site/illustrations.ts'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { routeFor } from '../routing.ts'

export function data(pageContext: PageContextServer) {
  const route = routeFor(pageContext, 'pages')
  const page = getEntry('pages', route.id).data
  const sections = resolveSections(page.sections, { getCollection, getEntry, illustrationOf })
  const meta: PageMeta = {
    title: page.title,
    description: page.description,
    path: page.path,
    bareTitle: page.path === '/',
    ...sectionsMeta(sections),
  }
  return { meta, sections }
}

export type Data = ReturnType<typeof data>
