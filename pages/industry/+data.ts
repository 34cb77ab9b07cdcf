import type { PageContextServer } from 'vike/types'
import { getEntry } from '../../site/content.ts'
import { illustrationOf } from '../../site/illustrations.ts'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { routeFor } from '../routing.ts'

export function data(pageContext: PageContextServer) {
  const route = routeFor(pageContext, 'industries')
  const industry = getEntry('industries', route.id).data
  const faq = getEntry('faqs', industry.faq).data
  const meta: PageMeta = {
    title: industry.title,
    description: industry.description,
    path: route.path,
    faq: faq.items,
  }
  const { illustration } = industry.hero
  return { meta, industry, faq, illustration: illustration && illustrationOf(illustration) }
}

export type Data = ReturnType<typeof data>
