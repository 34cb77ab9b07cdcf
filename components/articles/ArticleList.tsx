import type { ReactNode } from 'react'
import { Breadcrumbs } from '../layout/Breadcrumbs.tsx'
import { useSite } from '../site-context.tsx'
import { notSearched } from '../search/indexed-content.ts'
import { Container } from '../ui/Container.tsx'
import { ArticleCard } from './ArticleCard.tsx'
import type { ArticleSummary } from './article-summaries.ts'

/** A page of article cards under a heading: the articles list and the tag pages. */
export function ArticleList({
  headline,
  lead,
  breadcrumbs,
  articles,
  children,
}: {
  headline: string
  lead: string
  breadcrumbs: { label: string; path: string }[]
  articles: ArticleSummary[]
  /** Below the cards: the pagination. */
  children?: ReactNode
}) {
  const { ui } = useSite()
  return (
    <Container className="py-12 sm:py-16">
      <Breadcrumbs label={ui.breadcrumb} items={breadcrumbs} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-ink">
        {headline}
      </h1>
      <p className="mt-4 max-w-3xl text-lg text-pretty text-muted">{lead}</p>
      <ul
        className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
        data-article-list
        {...notSearched}
      >
        {articles.map((article, index) => (
          <li key={article.id} className="flex">
            <ArticleCard article={article} eager={index < 3} />
          </li>
        ))}
      </ul>
      {children}
    </Container>
  )
}
