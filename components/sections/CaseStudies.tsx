import type { Action } from '../../site/content.ts'
import { ActionRow } from '../ActionButton.tsx'
import { useSite } from '../site-context.tsx'
import { KeyFigures } from './KeyFigures.tsx'
import { CaseStudySegment } from './CaseStudySegment.tsx'
import type { IconName } from './SectionIcons.tsx'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface CaseStudiesProps extends SectionHeadingProps {
  id?: string
  headingId: string
  labels: { challenge: string; solution: string; results: string }
  cases: {
    id: string
    segment: string
    icon: IconName
    title: string
    challenge: string
    solution: string
    results: { value: string; label: string }[]
    /** The case study's own page. */
    path: string
  }[]
  actions: Action[]
}

/** The case studies, each with its challenge, solution and results. */
export function CaseStudies({ cases, labels, actions, ...heading }: CaseStudiesProps) {
  const { caseStudies } = useSite()
  return (
    <SectionShell {...heading}>
      <ul className="grid gap-6 lg:grid-cols-2" data-case-studies>
        {cases.map((study) => (
          <li key={study.id} id={study.id} className={`${cardClass} flex flex-col p-8`}>
            <CaseStudySegment icon={study.icon} segment={study.segment} />
            <h3 className="mt-5 text-xl font-semibold text-ink">{study.title}</h3>
            <h4 className="mt-5 text-sm font-semibold text-ink">{labels.challenge}</h4>
            <p className="mt-1 text-muted">{study.challenge}</p>
            <h4 className="mt-4 text-sm font-semibold text-ink">{labels.solution}</h4>
            <p className="mt-1 text-muted">{study.solution}</p>
            <h4 className="mt-6 text-sm font-semibold text-ink">{labels.results}</h4>
            <KeyFigures figures={study.results} size="compact" />
            <a
              href={study.path}
              className="mt-6 self-start font-semibold text-brand-700 hover:underline"
            >
              {caseStudies.readMore}
              <span className="sr-only">: {study.title}</span>
              <span aria-hidden="true"> →</span>
            </a>
          </li>
        ))}
      </ul>
      <ActionRow actions={actions} />
    </SectionShell>
  )
}
