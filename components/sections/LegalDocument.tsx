import type { ComponentType } from 'react'
import { formatDate } from '../articles/article-facts.ts'
import { Breadcrumbs } from '../layout/Breadcrumbs.tsx'
import { useSite } from '../site-context.tsx'
import { Container } from '../ui/Container.tsx'

export interface LegalDocumentProps {
  title: string
  breadcrumbs: { label: string; path: string }[]
  /** YYYY-MM-DD */
  lastUpdated: string
  Content?: ComponentType
}

/** A long-form document page: breadcrumb, title, last-updated date and the MDX body. */
export function LegalDocument({ title, breadcrumbs, lastUpdated, Content }: LegalDocumentProps) {
  const { ui } = useSite()
  const updated = formatDate(lastUpdated)
  return (
    <Container className="py-12 sm:py-16">
      <Breadcrumbs label={ui.breadcrumb} items={breadcrumbs} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-ink">{title}</h1>
      <p className="mt-3 text-muted">
        {ui.lastUpdated} <time dateTime={lastUpdated}>{updated}</time>
      </p>
      <div className="prose mt-8">{Content && <Content />}</div>
    </Container>
  )
}
