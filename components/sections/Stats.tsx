import type { Action } from '../../site/content.ts'
import { ActionRow } from '../ActionButton.tsx'
import { KeyFigures } from './KeyFigures.tsx'
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
      <KeyFigures figures={stats} size="large" />
      <ActionRow actions={actions} />
    </SectionShell>
  )
}
