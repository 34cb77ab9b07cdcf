import type { Action } from '../../site/content.ts'
import type { IllustrationData } from '../../site/illustrations.ts'
import { ActionRow } from '../ActionButton.tsx'
import { Container } from '../ui/Container.tsx'
import { Illustration } from '../ui/Illustration.tsx'

export interface HeroProps {
  id?: string
  badge?: string
  headline: string
  lead: string
  actions: Action[]
  /** A drawing beside the words on wide screens, under them on narrow ones. */
  illustration?: IllustrationData
}

/** The opening block of a page, holding its only h1. */
export function Hero({ id, badge, headline, lead, actions, illustration }: HeroProps) {
  const words = (
    <>
      {badge && (
        <p className="mx-auto mb-6 inline-block rounded-full bg-brand-100 px-4 py-1.5 text-sm font-semibold text-brand-800">
          {badge}
        </p>
      )}
      <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-6xl">
        {headline}
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted">{lead}</p>
    </>
  )
  return (
    <section id={id} className="bg-gradient-to-b from-brand-50 to-white py-20 sm:py-28">
      {illustration ? (
        <Container className="grid items-center gap-12 text-center lg:grid-cols-[1fr_28rem] lg:text-left">
          <div className="lg:[&_h1]:mx-0 lg:[&_p]:mx-0">
            {words}
            <ActionRow actions={actions} className="mt-10 justify-center lg:justify-start" />
          </div>
          <Illustration illustration={illustration} className="mx-auto w-full max-w-md" />
        </Container>
      ) : (
        <Container className="text-center">
          {words}
          <ActionRow actions={actions} className="mt-10 justify-center" />
        </Container>
      )}
    </section>
  )
}
