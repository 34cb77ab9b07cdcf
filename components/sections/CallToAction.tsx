import type { Action } from '../../site/content.ts'
import { ActionRow } from '../ActionButton.tsx'
import { Container } from '../ui/Container.tsx'

export interface CallToActionProps {
  id?: string
  headingId: string
  heading: string
  lead: string
  actions: Action[]
}

/**
 * The closing band of a page: a heading, a sentence and its buttons. Deep indigo in both themes
 * (the dark palette would otherwise turn it pale), so its words get dark-theme colours of their own.
 */
export function CallToAction({ id, headingId, heading, lead, actions }: CallToActionProps) {
  return (
    <section id={id} aria-labelledby={headingId} className="py-16 sm:py-24">
      <Container>
        <div className="rounded-3xl bg-brand-900 px-6 py-14 text-center sm:px-12 dark:bg-brand-100">
          <h2
            id={headingId}
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl dark:text-ink"
          >
            {heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-brand-100 dark:text-brand-800">
            {lead}
          </p>
          <ActionRow actions={actions} className="mt-10 justify-center" tone="inverse" />
        </div>
      </Container>
    </section>
  )
}
