import type { PageContextServer } from 'vike/types'
import { getEntry, getSite } from '../../content/index.ts'
import { articleSummaries } from '../../components/articles/article-summaries.ts'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { routeFor } from '../routing.ts'

export function data(pageContext: PageContextServer) {
  const route = routeFor(pageContext, 'tags')
  const tag = getEntry('tags', route.id).data
  const headline = getSite().articles.tagged.replace('{tag}', tag.title)
  const meta: PageMeta = { title: headline, description: tag.description, path: route.path }
  const articles = articleSummaries().filter((article) =>
    article.tags.some((candidate) => candidate.id === route.id),
  )
  return { meta, headline, lead: tag.description, articles }
}

export type Data = ReturnType<typeof data>
