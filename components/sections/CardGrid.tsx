import { CheckList, Pills } from './Lists.tsx'
import type { Action } from '../../site/content.ts'
import { ActionButton, ActionRow } from '../ActionButton.tsx'
import { IconBadge, type IconName } from './SectionIcons.tsx'
import { cardClass, SectionShell, type SectionHeadingProps } from './SectionShell.tsx'

const GRID_COLUMNS = {
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-3',
  4: 'sm:grid-cols-2 lg:grid-cols-4',
} as const

export interface CardGridProps extends SectionHeadingProps {
  id?: string
  headingId: string
  columns: keyof typeof GRID_COLUMNS
  tinted: boolean
  items: {
    icon?: IconName
    title: string
    description: string
    facts: string[]
    points: string[]
    action?: Action
  }[]
  actions: Action[]
}

/** A grid of cards: services, challenges, benefits, offers, dimensions. */
export function CardGrid({ items, columns, actions, tinted, ...heading }: CardGridProps) {
  return (
    <SectionShell {...heading} tinted={tinted}>
      <ul className={`grid gap-6 ${GRID_COLUMNS[columns]}`}>
        {items.map((item) => (
          <li key={item.title} className={`${cardClass} flex flex-col`}>
            {item.icon && <IconBadge name={item.icon} className="mb-5" />}
            <h3 className="text-lg font-semibold text-ink">{item.title}</h3>
            <p className="mt-2 text-muted">{item.description}</p>
            {item.facts.length > 0 && (
              <Pills items={item.facts} pillClassName="bg-brand-50 px-3 py-1" />
            )}
            {item.points.length > 0 && (
              <CheckList
                items={item.points}
                className="mt-4 space-y-2 text-sm text-slate-700"
                itemClassName="flex gap-2"
                iconClassName="mt-0.5 size-4 shrink-0 text-brand-700"
              />
            )}
            {item.action && (
              <div className="mt-auto pt-6">
                <ActionButton action={item.action} size="md" />
              </div>
            )}
          </li>
        ))}
      </ul>
      <ActionRow actions={actions} />
    </SectionShell>
  )
}
