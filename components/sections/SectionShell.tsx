import type { ReactNode } from 'react'
import { Container } from '../ui/Container.tsx'

export interface SectionHeadingProps {
  eyebrow?: string
  heading: string
  lead?: string
}

/** A section's small label and its h2, which labels the section for screen readers. */
export function SectionHeading({
  eyebrow,
  heading,
  headingId,
}: {
  eyebrow?: string
  heading: string
  headingId: string
}) {
  return (
    <>
      {eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      )}
      <h2
        id={headingId}
        className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl"
      >
        {heading}
      </h2>
    </>
  )
}

/**
 * The frame every content section shares: one vertical rhythm, an optional tinted band, and a
 * centred heading block labelling the section for screen readers.
 */
export function SectionShell({
  id,
  headingId,
  eyebrow,
  heading,
  lead,
  tinted = false,
  children,
}: SectionHeadingProps & {
  id?: string
  /** Unique on the page: sections without an anchor get one from their position. */
  headingId: string
  tinted?: boolean
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`py-16 sm:py-24 ${tinted ? 'bg-slate-50' : 'bg-white'}`}
    >
      <Container>
        <div className="mx-auto max-w-3xl text-center">
          <SectionHeading eyebrow={eyebrow} heading={heading} headingId={headingId} />
          {lead && <p className="mt-4 text-lg text-pretty text-muted">{lead}</p>}
        </div>
        <div className="mt-12">{children}</div>
      </Container>
    </section>
  )
}

/** Buttons under a section's content, centred. */
export const cardClass = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm'
