import type { EntryData } from '../../content/schema/collections.ts'
import type { IllustrationData } from '../../site/illustrations.ts'
import { Faq } from '../sections/Faq.tsx'
import { Hero } from '../sections/Hero.tsx'
import { RoleGrid } from '../sections/RoleGrid.tsx'

export interface IndustryPageProps {
  industry: EntryData<'industries'>
  /** The FAQ set the industry names. */
  faq: EntryData<'faqs'>
  illustration?: IllustrationData
}

/** An industry's page: its hero, the roles we assess with a consultation button, its FAQ. */
export function IndustryPage({ industry, faq, illustration }: IndustryPageProps) {
  const booking = (label: string) => ({
    label,
    opens: 'booking' as const,
    variant: 'primary' as const,
  })
  return (
    <>
      <Hero
        headline={industry.hero.headline}
        lead={industry.hero.lead}
        actions={[booking(industry.hero.action)]}
        illustration={illustration}
      />
      <RoleGrid
        heading={industry.roles.heading}
        roles={industry.roles.items}
        action={booking(industry.roles.action)}
      />
      <Faq {...faq} />
    </>
  )
}
