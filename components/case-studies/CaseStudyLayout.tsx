import type { ComponentType } from 'react'
import type { Link, MdxComponents } from '../../site/content.ts'
import type { EntryData } from '../../content/schema/collections.ts'
import { LongFormPage } from '../layout/LongFormPage.tsx'
import { notSearched } from '../search/indexed-content.ts'
import { bodyComponentsFor, type BodyPictures } from '../mdx/body-components.tsx'
import { CaseStudySegment } from '../sections/CaseStudySegment.tsx'

/** A case study's own page: segment, headline, its key results, then the MDX body. */
export function CaseStudyLayout({
  study,
  pictures,
  breadcrumbs,
  all,
  Content,
}: {
  study: EntryData<'case-studies'>
  /** The pictures the body names (those beside its MDX file). */
  pictures: BodyPictures
  breadcrumbs: { label: string; path: string }[]
  all: Link
  Content?: ComponentType<{ components?: MdxComponents }>
}) {
  return (
    <LongFormPage
      breadcrumbs={breadcrumbs}
      kicker={<CaseStudySegment icon={study.icon} segment={study.segment} className="mt-6" />}
      title={study.title}
      lead={study.description}
    >
      <div className="prose mt-10 max-w-none" data-case-study-body>
        {Content && <Content components={bodyComponentsFor(pictures)} />}
      </div>
      <p className="mt-12" {...notSearched}>
        <a href={all.href} className="font-semibold text-brand-700 hover:underline">
          ← {all.label}
        </a>
      </p>
    </LongFormPage>
  )
}
