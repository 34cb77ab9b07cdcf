import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { getCollection, getEntry } from '../../content/index.ts'
import { industryPath } from '../../renderer/routes.ts'
import type { PageMeta } from '../../renderer/types.ts'

export function data(pageContext: PageContextServer) {
  const entry = getCollection('industries').find((item) => item.id === pageContext.routeParams.id)
  if (!entry) throw render(404)
  const industry = entry.data
  const faq = getEntry('faqs', industry.faq).data
  const meta: PageMeta = {
    title: industry.title,
    description: industry.description,
    path: industryPath(entry.id),
    faq: faq.items,
  }
  return { meta, industry, faq }
}

export type Data = ReturnType<typeof data>
