import { cardClass } from '../sections/SectionShell.tsx'
import { Picture } from '../ui/Picture.tsx'
import { ArticleByline } from './ArticleByline.tsx'
import type { ArticleSummary } from './article-summaries.ts'
import { TagList } from './TagList.tsx'

/** Cards sit in a grid of up to three columns. */
const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw'

/** An article in a list: cover, title (the link), description, byline and tags. */
export function ArticleCard({
  article,
  headingLevel = 'h2',
  eager = false,
}: {
  article: ArticleSummary
  headingLevel?: 'h2' | 'h3'
  /** The first cards of a list page are above the fold. */
  eager?: boolean
}) {
  const Heading = headingLevel
  return (
    <article className={`${cardClass} relative flex w-full flex-col overflow-hidden !p-0`}>
      {article.cover && (
        <Picture
          image={article.cover.image}
          alt={article.cover.alt}
          sizes={CARD_SIZES}
          eager={eager}
          className="aspect-[2/1] w-full bg-brand-50 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <Heading className="text-lg font-semibold text-ink">
          {/* The whole card is the link's target area; tags stay separate links above it. */}
          <a href={article.path} className="after:absolute after:inset-0 hover:text-brand-700">
            {article.title}
          </a>
        </Heading>
        <p className="mt-2 flex-1 text-muted">{article.description}</p>
        <ArticleByline article={article} className="mt-4" />
        <TagList tags={article.tags} className="mt-4" />
      </div>
    </article>
  )
}
