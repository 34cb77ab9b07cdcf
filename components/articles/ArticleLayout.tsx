import type { ComponentType } from 'react'
import type { Heading, MdxComponents } from '../../site/content.ts'
import { ActionButton } from '../ActionButton.tsx'
import { LongFormPage } from '../layout/LongFormPage.tsx'
import { notSearched } from '../search/indexed-content.ts'
import { bodyComponentsFor, type BodyPictures } from '../mdx/body-components.tsx'
import { useSite } from '../site-context.tsx'
import { Picture } from '../ui/Picture.tsx'
import { ArticleByline } from './ArticleByline.tsx'
import { ArticleCard } from './ArticleCard.tsx'
import type { ArticleSummary } from './article-summaries.ts'
import { TableOfContents } from './TableOfContents.tsx'
import { TagList } from './TagList.tsx'

export interface ArticleLayoutProps {
  article: ArticleSummary
  /** The pictures the body names (those beside its MDX file). */
  pictures: BodyPictures
  headings: Heading[]
  breadcrumbs: { label: string; path: string }[]
  previous?: ArticleSummary
  next?: ArticleSummary
  related: ArticleSummary[]
  Content?: ComponentType<{ components?: MdxComponents }>
}

/** A long-form article: header, table of contents, body, tags, neighbours, related, booking. */
export function ArticleLayout({
  article,
  pictures,
  headings,
  breadcrumbs,
  previous,
  next,
  related,
  Content,
}: ArticleLayoutProps) {
  const { articles: words } = useSite()
  return (
    <LongFormPage
      breadcrumbs={breadcrumbs}
      title={article.title}
      lead={article.description}
      after={related.length > 0 && <RelatedArticles heading={words.related} related={related} />}
    >
      <ArticleByline article={article} className="mt-6" />
      <TagList tags={article.tags} className="mt-4" />
      {article.cover && (
        <Picture
          image={article.cover.image}
          alt={article.cover.alt}
          sizes="(min-width: 768px) 768px, 100vw"
          eager
          className="mt-8 w-full rounded-2xl border border-slate-200"
        />
      )}
      <div className="mt-10" {...notSearched}>
        <TableOfContents headings={headings} />
      </div>
      <div className="prose mt-8 max-w-none" data-article-body>
        {Content && <Content components={bodyComponentsFor(pictures)} />}
      </div>

      <section
        className="mt-14 rounded-2xl bg-brand-900 p-8 text-white"
        aria-labelledby="article-cta"
        {...notSearched}
      >
        <h2 id="article-cta" className="text-2xl font-bold text-balance">
          {words.cta.heading}
        </h2>
        <p className="mt-2 text-brand-100">{words.cta.lead}</p>
        <div className="mt-6">
          <ActionButton
            action={{ label: words.cta.label, opens: 'booking', variant: 'primary' }}
            tone="inverse"
          />
        </div>
      </section>

      {(previous || next) && (
        <nav
          aria-label={`${words.previous} / ${words.next}`}
          className="mt-12 grid gap-4 sm:grid-cols-2"
          {...notSearched}
        >
          {previous && <NeighbourLink article={previous} rel="prev" label={words.previous} />}
          {next && <NeighbourLink article={next} rel="next" label={words.next} />}
        </nav>
      )}
    </LongFormPage>
  )
}

const NEIGHBOUR_STYLES = {
  prev: 'rounded-xl border border-slate-200 p-5 hover:border-brand-600',
  next: 'rounded-xl border border-slate-200 p-5 text-right hover:border-brand-600 sm:col-start-2',
}

/** The previous or next article, by its title; the next one on the right. */
function NeighbourLink({
  article,
  rel,
  label,
}: {
  article: ArticleSummary
  rel: keyof typeof NEIGHBOUR_STYLES
  label: string
}) {
  return (
    <a href={article.path} rel={rel} className={NEIGHBOUR_STYLES[rel]}>
      <span className="block text-sm text-muted">{label}</span>
      <span className="mt-1 block font-semibold text-ink">{article.title}</span>
    </a>
  )
}

/** Up to three articles that share its tags, as cards. */
function RelatedArticles({ heading, related }: { heading: string; related: ArticleSummary[] }) {
  return (
    <section aria-labelledby="related-heading" className="mt-16" {...notSearched}>
      <h2 id="related-heading" className="text-2xl font-bold text-ink">
        {heading}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {related.map((candidate) => (
          <li key={candidate.id} className="flex">
            <ArticleCard article={candidate} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  )
}
