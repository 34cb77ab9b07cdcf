// The section types a page is built from (`type:` in content/pages/*.yaml), one schema per file
// in this folder. The order here is the order writers see in "must be one of …" messages.
// A new type also needs its entry in components/sections/registry.tsx: the compiler says so.
import { z } from 'zod'
import { benefitsSection } from './benefits.ts'
import { cardsSection } from './cards.ts'
import { caseStudiesSection } from './case-studies.ts'
import { comparisonSection } from './comparison.ts'
import { contactSection } from './contact.ts'
import { ctaSection } from './cta.ts'
import { expertiseSection } from './expertise.ts'
import { faqSection } from './faq.ts'
import { heroSection } from './hero.ts'
import { interviewersSection } from './interviewers.ts'
import { leadersSection } from './leaders.ts'
import { pricingSection } from './pricing.ts'
import { proseSection } from './prose.ts'
import { questionsSection } from './questions.ts'
import { guidesSection, scorecardsSection } from './requests.ts'
import { statsSection } from './stats.ts'
import { stepsSection } from './steps.ts'
import { testimonialsSection } from './testimonials.ts'

/** The blocks a page is built from, in order. Each `type` has its own fields. */
export const section = z.discriminatedUnion('type', [
  heroSection,
  faqSection,
  cardsSection,
  statsSection,
  expertiseSection,
  benefitsSection,
  testimonialsSection,
  pricingSection,
  ctaSection,
  stepsSection,
  comparisonSection,
  questionsSection,
  proseSection,
  leadersSection,
  interviewersSection,
  caseStudiesSection,
  guidesSection,
  scorecardsSection,
  contactSection,
])

export type Section = z.output<typeof section>
export type SectionType = Section['type']
/** The fields of one section type, as checked. */
export type SectionOf<T extends SectionType> = Extract<Section, { type: T }>
