import { useSite } from '../site-context.tsx'
import { formatDate } from './article-facts.ts'
import type { ArticleSummary } from './article-summaries.ts'

/** Author, dates and reading time, in one line under a title. */
export function ArticleByline({
  article,
  className = '',
}: {
  article: ArticleSummary
  className?: string
}) {
  const { articles: words } = useSite()
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted ${className}`}>
      <span>
        {words.by} <span className="font-medium text-ink">{article.author.name}</span>
      </span>
      <span aria-hidden="true">·</span>
      <time dateTime={article.publishDate}>{formatDate(article.publishDate)}</time>
      {article.updatedDate && (
        <>
          <span aria-hidden="true">·</span>
          <span>
            {words.updated}{' '}
            <time dateTime={article.updatedDate}>{formatDate(article.updatedDate)}</time>
          </span>
        </>
      )}
      <span aria-hidden="true">·</span>
      <span>{words.minutesRead.replace('{minutes}', String(article.minutes))}</span>
    </p>
  )
}
