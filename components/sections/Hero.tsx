import type { Action } from '../../content/index.ts'
import { ActionRow } from '../ActionButton.tsx'
import { Container } from '../ui/Container.tsx'

export interface HeroProps {
  id?: string
  badge?: string
  headline: string
  lead: string
  actions: Action[]
}

/** The opening block of a page, holding its only h1. */
export function Hero({ id, badge, headline, lead, actions }: HeroProps) {
  return (
    <section id={id} className="bg-gradient-to-b from-brand-50 to-white py-20 sm:py-28">
      <Container className="text-center">
        {badge && (
          <p className="mx-auto mb-6 inline-block rounded-full bg-brand-100 px-4 py-1.5 text-sm font-semibold text-brand-800">
            {badge}
          </p>
        )}
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-6xl">
          {headline}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted">{lead}</p>
        <ActionRow actions={actions} className="mt-10 justify-center" />
      </Container>
    </section>
  )
}
