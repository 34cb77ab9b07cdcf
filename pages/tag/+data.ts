import type { PageContextServer } from 'vike/types'
import { ARTICLES_PER_PAGE, getEntry, getSite, pagedTitle } from '../../site/content.ts'
import { pageOfList } from '../../components/articles/article-facts.ts'
import { articleSummaries } from '../../components/articles/article-summaries.ts'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { routeFor } from '../routing.ts'

export function data(pageContext: PageContextServer) {
  const route = routeFor(pageContext, 'tags')
  const tag = getEntry('tags', route.id).data
  const site = getSite()
  const headline = site.articles.tagged.replace('{tag}', tag.title)
  const page = route.page ?? 1
  const tagged = articleSummaries().filter((article) =>
    article.tags.some((candidate) => candidate.id === route.id),
  )
  const { items, pages } = pageOfList(tagged, page, ARTICLES_PER_PAGE)
  // Later pages say which page they are, as the article list's do.
  const title = pagedTitle(headline, page, site.lists['article-list'].page)
  const meta: PageMeta = {
    title,
    description: page === 1 ? tag.description : `${tag.description} (${title})`,
    path: route.path,
    // Its cards are not searched (ArticleList): later pages have no words of their own.
    inSiteSearch: page === 1,
  }
  return { meta, headline, lead: tag.description, articles: items, page, pages, tag: route.id }
}

export type Data = ReturnType<typeof data>
