import type { PageContextServer } from 'vike/types'
import { getSite, routedLists } from '../../site/content.ts'
import { pageOfList } from '../../components/articles/article-facts.ts'
import { articleSummaries } from '../../components/articles/article-summaries.ts'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { routeFor } from '../routing.ts'

export function data(pageContext: PageContextServer) {
  const route = routeFor(pageContext, 'article-list')
  const words = getSite().lists['article-list']
  const page = Number(route.id)
  const { items, pages } = pageOfList(articleSummaries(), page, routedLists['article-list'].perPage)
  const meta: PageMeta = {
    title: route.title,
    description: page === 1 ? words.description : `${words.description} (${route.title})`,
    path: route.path,
    // Its cards are not searched (ArticleList): later pages have no words of their own.
    inSiteSearch: page === 1,
  }
  return { meta, words, page, pages, articles: items }
}

export type Data = ReturnType<typeof data>
