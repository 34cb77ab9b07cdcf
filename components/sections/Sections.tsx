import { Benefits } from './Benefits.tsx'
import { CallToAction } from './CallToAction.tsx'
import { CardGrid } from './CardGrid.tsx'
import { CaseStudies } from './CaseStudies.tsx'
import { Comparison } from './Comparison.tsx'
import { Contact } from './Contact.tsx'
import { ExpertiseGrid } from './ExpertiseGrid.tsx'
import { Faq } from './Faq.tsx'
import { Hero } from './Hero.tsx'
import { Interviewers, Leaders } from './People.tsx'
import { Pricing } from './Pricing.tsx'
import { Prose } from './Prose.tsx'
import { RequestCards } from './RequestCards.tsx'
import type { ResolvedSection } from './resolve-sections.ts'
import { SampleQuestions } from './SampleQuestions.tsx'
import { Stats } from './Stats.tsx'
import { Steps } from './Steps.tsx'
import { Testimonials } from './Testimonials.tsx'

export type { ResolvedSection } from './resolve-sections.ts'

/** Renders a page's sections in content order, each by its type. */
export function Sections({ sections }: { sections: ResolvedSection[] }) {
  return sections.map((section, index) => {
    // Unique per page, so every section is labelled by its own heading.
    const headingId = `${section.id ?? section.type}-${index}-heading`
    switch (section.type) {
      case 'hero':
        return <Hero key={index} {...section} />
      case 'faq':
        return <Faq key={index} id={section.id} {...section.entry} />
      case 'cards':
        return <CardGrid key={index} headingId={headingId} {...section} />
      case 'stats':
        return <Stats key={index} headingId={headingId} {...section} />
      case 'expertise':
        return (
          <ExpertiseGrid key={index} headingId={headingId} {...section} areas={section.entries} />
        )
      case 'benefits':
        return <Benefits key={index} headingId={headingId} {...section} />
      case 'testimonials':
        return (
          <Testimonials key={index} headingId={headingId} {...section} items={section.entries} />
        )
      case 'pricing':
        return <Pricing key={index} headingId={headingId} {...section} plans={section.entries} />
      case 'cta':
        return <CallToAction key={index} headingId={headingId} {...section} />
      case 'steps':
        return <Steps key={index} headingId={headingId} {...section} />
      case 'comparison':
        return <Comparison key={index} headingId={headingId} {...section} />
      case 'questions':
        return <SampleQuestions key={index} headingId={headingId} {...section} />
      case 'prose':
        return <Prose key={index} headingId={headingId} {...section} />
      case 'leaders':
        return <Leaders key={index} headingId={headingId} {...section} people={section.entries} />
      case 'interviewers':
        return (
          <Interviewers key={index} headingId={headingId} {...section} people={section.entries} />
        )
      case 'case-studies':
        return (
          <CaseStudies key={index} headingId={headingId} {...section} cases={section.entries} />
        )
      case 'guides':
        return (
          <RequestCards
            key={index}
            headingId={headingId}
            kind="guide"
            {...section}
            items={section.entries}
          />
        )
      case 'scorecards':
        return (
          <RequestCards
            key={index}
            headingId={headingId}
            kind="scorecard"
            {...section}
            items={section.entries}
          />
        )
      case 'contact':
        return <Contact key={index} {...section} />
    }
  })
}
