import type { Action } from '../../content/index.ts'
import { ActionRow } from '../ActionButton.tsx'
import { SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface StatsProps extends SectionHeadingProps {
  id?: string
  headingId: string
  stats: { value: string; label: string }[]
  actions: Action[]
}

/** Figure tiles: the engineer network's numbers. */
export function Stats({ stats, actions, ...heading }: StatsProps) {
  return (
    <SectionShell {...heading} tinted>
      <dl className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
          >
            <dt className="mt-2 text-sm font-medium text-muted">{stat.label}</dt>
            <dd className="text-4xl font-extrabold tracking-tight text-brand-700">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <ActionRow actions={actions} />
    </SectionShell>
  )
}
