import type { PageContextServer } from 'vike/types'
import { getEntry, getImage, getSite, listRoutes } from '../../site/content.ts'
import { neighbours, relatedArticles } from '../../components/articles/article-facts.ts'
import { articleSummaries } from '../../components/articles/article-summaries.ts'
import type { PageMeta } from '../../components/layout/page-meta.ts'
import { breadcrumbTrail } from '../../components/layout/structured-data.ts'
import { routeFor } from '../routing.ts'

export function data(pageContext: PageContextServer) {
  const route = routeFor(pageContext, 'articles')
  const entry = getEntry('articles', route.id)
  const summaries = articleSummaries()
  const article = summaries.find((candidate) => candidate.id === entry.id)!
  const meta: PageMeta = {
    title: article.title,
    description: article.description,
    path: route.path,
    article: {
      author: article.author.name,
      publishDate: article.publishDate,
      updatedDate: article.updatedDate,
      tags: article.tags.map((tag) => tag.title),
      ...(article.cover ? { image: article.cover.image.src } : {}),
    },
  }
  return {
    meta,
    article,
    breadcrumbs: breadcrumbTrail(route.path, listRoutes(), getSite().ui.home, article.title) ?? [],
    // The compiled MDX body, a component: the page renders only on the server (clientRouting
    // is off and Page is server-only), so the data is never serialized.
    Content: entry.Content,
    pictures: (src: string) => getImage(entry.file, src),
    headings: entry.headings ?? [],
    ...neighbours(summaries, entry.id),
    related: relatedArticles(summaries, entry.id),
  }
}

export type Data = ReturnType<typeof data>
