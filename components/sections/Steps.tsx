import { Clock } from 'lucide-react'
import { IconBadge, type IconName } from './SectionIcons.tsx'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface StepsProps extends SectionHeadingProps {
  id?: string
  headingId: string
  steps: { icon?: IconName; title: string; description: string; duration?: string }[]
}

/** A numbered sequence: the interview process, the system design interview's stages. */
export function Steps({ steps, ...heading }: StepsProps) {
  return (
    <SectionShell {...heading} tinted>
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className={`${cardClass} flex flex-col`}>
            <div className="flex items-center justify-between gap-4">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
              >
                {index + 1}
              </span>
              {step.icon && <IconBadge name={step.icon} />}
            </div>
            <h3 className="mt-5 text-lg font-semibold text-ink">{step.title}</h3>
            <p className="mt-2 flex-1 text-muted">{step.description}</p>
            {step.duration && (
              <p className="mt-4 inline-flex items-center gap-2 text-sm font-medium text-brand-800">
                <Clock aria-hidden="true" className="size-4" />
                {step.duration}
              </p>
            )}
          </li>
        ))}
      </ol>
    </SectionShell>
  )
}
