import type { ComponentType } from 'react'
import type { Link, MdxComponents } from '../../content/index.ts'
import type { EntryData } from '../../content/config.ts'
import { Breadcrumbs } from '../layout/Breadcrumbs.tsx'
import { writerComponentsFor } from '../mdx/writer-components.tsx'
import { IconBadge } from '../sections/icons.tsx'
import { useSite } from '../site-context.tsx'
import { Container } from '../ui/Container.tsx'

/** A case study's own page: segment, headline, its key results, then the MDX body. */
export function CaseStudyLayout({
  study,
  file,
  breadcrumbs,
  all,
  Content,
}: {
  study: EntryData<'case-studies'>
  file: string
  breadcrumbs: { label: string; path: string }[]
  all: Link
  Content?: ComponentType<{ components?: MdxComponents }>
}) {
  const { ui } = useSite()
  return (
    <article className="py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-3xl">
          <Breadcrumbs label={ui.breadcrumb} items={breadcrumbs} />
          <div className="mt-6 flex items-center gap-3">
            <IconBadge name={study.icon} />
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {study.segment}
            </p>
          </div>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl">
            {study.title}
          </h1>
          <p className="mt-4 text-xl text-pretty text-muted">{study.description}</p>
          <div className="prose mt-10 max-w-none" data-case-study-body>
            {Content && <Content components={writerComponentsFor(file)} />}
          </div>
          <p className="mt-12">
            <a href={all.href} className="font-semibold text-brand-700 hover:underline">
              ← {all.label}
            </a>
          </p>
        </div>
      </Container>
    </article>
  )
}
