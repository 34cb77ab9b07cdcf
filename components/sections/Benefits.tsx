import { CheckCircle2 } from 'lucide-react'
import { CheckList } from './Lists.tsx'
import { IconBadge, type IconName } from './SectionIcons.tsx'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

export interface BenefitsProps extends SectionHeadingProps {
  id?: string
  headingId: string
  lists: { title: string; items: string[] }[]
  tiles: { icon: IconName; title: string; description: string }[]
}

/** Two benefit lists side by side, then four tiles. */
export function Benefits({ lists, tiles, ...heading }: BenefitsProps) {
  return (
    <SectionShell {...heading} tinted>
      <div className="grid gap-6 md:grid-cols-2">
        {lists.map((list) => (
          <div key={list.title} className={cardClass}>
            <h3 className="text-lg font-semibold text-ink">{list.title}</h3>
            <CheckList
              items={list.items}
              icon={CheckCircle2}
              className="mt-4 space-y-3"
              itemClassName="flex gap-3 text-slate-700"
              iconClassName="mt-0.5 size-5 shrink-0 text-brand-700"
            />
          </div>
        ))}
      </div>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.title} className={cardClass}>
            <IconBadge name={tile.icon} />
            <h3 className="mt-4 font-semibold text-ink">{tile.title}</h3>
            <p className="mt-2 text-sm text-muted">{tile.description}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  )
}
