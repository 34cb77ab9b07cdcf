import { Pills } from './Lists.tsx'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface SampleQuestionsProps extends SectionHeadingProps {
  id?: string
  headingId: string
  items: { title: string; description: string; tags: string[] }[]
}

/** Example interview questions with topic tags. */
export function SampleQuestions({ items, ...heading }: SampleQuestionsProps) {
  return (
    <SectionShell {...heading}>
      <ul className="grid gap-6 md:grid-cols-2">
        {items.map((item) => (
          <li key={item.title} className={cardClass}>
            <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
            <p className="mt-2 text-muted">{item.description}</p>
            <Pills items={item.tags} pillClassName="border border-brand-200 px-3 py-0.5" />
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
