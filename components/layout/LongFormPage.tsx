import type { ReactNode } from 'react'
import { Container } from '../ui/Container.tsx'
import { useSite } from '../site-context.tsx'
import { Breadcrumbs } from './Breadcrumbs.tsx'

/**
 * A long-form page (an article, a case study) in a readable column: where it is, a kicker, the
 * title and its lead, then the page's own parts; `after` goes below the column, full width.
 */
export function LongFormPage({
  breadcrumbs,
  kicker,
  title,
  lead,
  children,
  after,
}: {
  breadcrumbs: { label: string; path: string }[]
  /** A line above the title (a case study's segment), spaced from the breadcrumbs by itself. */
  kicker?: ReactNode
  title: string
  lead: string
  children: ReactNode
  after?: ReactNode
}) {
  const { ui } = useSite()
  return (
    <article className="py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-3xl">
          <Breadcrumbs label={ui.breadcrumb} items={breadcrumbs} />
          {kicker}
          <h1
            className={`${kicker ? 'mt-4' : 'mt-6'} text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl`}
          >
            {title}
          </h1>
          <p className="mt-4 text-xl text-pretty text-muted">{lead}</p>
          {children}
        </div>
        {after}
      </Container>
    </article>
  )
}
