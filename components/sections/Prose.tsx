import { CheckCircle2 } from 'lucide-react'
import { CheckList } from './Lists.tsx'
import type { Action } from '../../site/content.ts'
import { ActionRow } from '../ActionButton.tsx'
import { Container } from '../ui/Container.tsx'
import { SectionHeading } from './SectionShell.tsx'

export interface ProseProps {
  id?: string
  headingId: string
  eyebrow?: string
  heading: string
  paragraphs: string[]
  pointsHeading?: string
  points: string[]
  actions: Action[]
}

/** Text beside an optional checklist: a mission, a panel, an offer. */
export function Prose({
  id,
  headingId,
  eyebrow,
  heading,
  paragraphs,
  pointsHeading,
  points,
  actions,
}: ProseProps) {
  return (
    <section id={id} aria-labelledby={headingId} className="py-16 sm:py-24">
      <Container
        className={`grid gap-10 ${points.length > 0 ? 'lg:grid-cols-2 lg:items-center' : 'max-w-3xl'}`}
      >
        <div>
          <SectionHeading eyebrow={eyebrow} heading={heading} headingId={headingId} />
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-lg text-pretty text-slate-700">
              {paragraph}
            </p>
          ))}
          <ActionRow actions={actions} className="mt-8" />
        </div>
        {points.length > 0 && (
          <div className="rounded-2xl border border-brand-100 bg-brand-50 p-8">
            {pointsHeading && <h3 className="text-lg font-semibold text-ink">{pointsHeading}</h3>}
            <CheckList
              items={points}
              icon={CheckCircle2}
              className={`space-y-4 ${pointsHeading ? 'mt-5' : ''}`}
              itemClassName="flex gap-3 text-slate-800"
              iconClassName="mt-0.5 size-5 shrink-0 text-brand-700"
            />
          </div>
        )}
      </Container>
    </section>
  )
}
