import { Faq } from '../../components/sections/Faq.tsx'
import { Hero } from '../../components/sections/Hero.tsx'
import { RoleGrid } from '../../components/sections/RoleGrid.tsx'
import type { PageProps } from '../../components/layout/page-meta.ts'
import type { Data } from './+data.ts'

export default function Page({ data: { industry, faq, illustration } }: PageProps<Data>) {
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
