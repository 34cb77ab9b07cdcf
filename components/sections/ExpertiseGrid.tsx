import { ArrowRight } from 'lucide-react'
import { IconBadge, type IconName } from './SectionIcons.tsx'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface ExpertiseGridProps extends SectionHeadingProps {
  id?: string
  headingId: string
  linkLabel: string
  areas: { title: string; description: string; icon: IconName; path: string }[]
}

/** The nine areas of expertise, each linking to its industry page. */
export function ExpertiseGrid({ areas, linkLabel, ...heading }: ExpertiseGridProps) {
  return (
    <SectionShell {...heading}>
      <ul className="grid gap-6 sm:grid-cols-2 md:grid-cols-3">
        {areas.map((area) => (
          <li key={area.title} className={`${cardClass} flex flex-col`}>
            <IconBadge name={area.icon} />
            <h3 className="mt-5 text-lg font-semibold text-ink">{area.title}</h3>
            <p className="mt-2 text-muted">{area.description}</p>
            <a
              href={area.path}
              className="mt-auto inline-flex items-center gap-1 pt-5 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
            >
              {linkLabel}
              <span className="sr-only">: {area.title}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
