// Every section type a page can use (`type:` in content/pages/*.yaml): its schema, the entries it
// joins from other collections (from the ContentLookup it is given), its component. Adding a type is its schema file in
// content/schema/sections/ (listed in that folder's index.ts), its component, and one line here;
// `npm run typecheck` fails until the line is here (tests/types/section-registry.ts proves it).
import type { EntryData, SectionOf, SectionType } from '../../content/schema/collections.ts'
import type { Section } from '../../site/content.ts'
import { pathIn, type ContentLookup } from '../../site/content-lookup.ts'
import { benefitsSection } from '../../content/schema/sections/benefits.ts'
import { cardsSection } from '../../content/schema/sections/cards.ts'
import { caseStudiesSection } from '../../content/schema/sections/case-studies.ts'
import { comparisonSection } from '../../content/schema/sections/comparison.ts'
import { contactSection } from '../../content/schema/sections/contact.ts'
import { ctaSection } from '../../content/schema/sections/cta.ts'
import { expertiseSection } from '../../content/schema/sections/expertise.ts'
import { faqSection } from '../../content/schema/sections/faq.ts'
import { heroSection } from '../../content/schema/sections/hero.ts'
import { interviewersSection } from '../../content/schema/sections/interviewers.ts'
import { leadersSection } from '../../content/schema/sections/leaders.ts'
import { pricingSection } from '../../content/schema/sections/pricing.ts'
import { proseSection } from '../../content/schema/sections/prose.ts'
import { questionsSection } from '../../content/schema/sections/questions.ts'
import { guidesSection, scorecardsSection } from '../../content/schema/sections/requests.ts'
import { statsSection } from '../../content/schema/sections/stats.ts'
import { stepsSection } from '../../content/schema/sections/steps.ts'
import { testimonialsSection } from '../../content/schema/sections/testimonials.ts'
import { faqItemsOf } from '../layout/structured-data.ts'
import { Benefits } from './Benefits.tsx'
import { CallToAction } from './CallToAction.tsx'
import { CardGrid } from './CardGrid.tsx'
import { CaseStudies } from './CaseStudies.tsx'
import { Comparison } from './Comparison.tsx'
import { Contact } from './Contact.tsx'
import { defineSection, type SectionMeta, type SectionRegistry } from './define-section.ts'
import { ExpertiseGrid } from './ExpertiseGrid.tsx'
import { FaqSection } from './Faq.tsx'
import { Hero } from './Hero.tsx'
import { Interviewers, Leaders } from './People.tsx'
import { Pricing } from './Pricing.tsx'
import { Prose } from './Prose.tsx'
import { RequestCards } from './RequestCards.tsx'
import { SampleQuestions } from './SampleQuestions.tsx'
import { Stats } from './Stats.tsx'
import { Steps } from './Steps.tsx'
import { Testimonials } from './Testimonials.tsx'

type Ordered = { id: string; data: { order: number } }
/** Every entry of a collection of cards, in `order`, each with its id. */
const inOrder = <T extends Ordered>(entries: T[]) =>
  [...entries]
    .sort((a, b) => a.data.order - b.data.order)
    .map(({ id, data }) => ({ id, ...data }) as T['data'] & { id: string })

// Guides and scorecards are the same request cards over two collections.
const withRequestItems =
  <K extends 'guide' | 'scorecard'>(kind: K, collection: `${K}s`) =>
  <S extends object>(section: S, content: ContentLookup) => ({
    ...section,
    kind,
    items: inOrder(content.getCollection(collection)),
  })

// Testimonials, leaders and interviewers: a section of the same name as its list collection
// names one entry of it in `field`; its component shows that entry's items as `as`.
type ListCollection = 'testimonials' | 'leaders' | 'interviewers'
type Items<C extends ListCollection> = EntryData<C>['items']
const withListItems =
  <C extends ListCollection, F extends keyof SectionOf<C>, A extends string>(
    collection: C,
    field: F,
    as: A,
  ) =>
  (section: SectionOf<C>, content: ContentLookup) => {
    const items = content.getEntry(collection, String(section[field])).data.items
    return { ...section, ...({ [as]: items } as Record<A, Items<C>>) } as Omit<SectionOf<C>, A> &
      Record<A, Items<C>>
  }

export const sectionRegistry = {
  hero: defineSection({
    schema: heroSection,
    resolve: ({ illustration, ...section }, content) => ({
      ...section,
      illustration: illustration && content.illustrationOf(illustration),
    }),
    Component: Hero,
  }),
  faq: defineSection({
    schema: faqSection,
    resolve: (section, content) => ({
      ...section,
      entry: content.getEntry('faqs', section.faq).data,
    }),
    Component: FaqSection,
    meta: (section) => ({ faq: faqItemsOf([section]) }),
  }),
  cards: defineSection({ schema: cardsSection, Component: CardGrid }),
  stats: defineSection({ schema: statsSection, Component: Stats }),
  expertise: defineSection({
    schema: expertiseSection,
    resolve: (section, content) => ({
      ...section,
      areas: content.getEntry('expertise', section.areas).data.items.map((area) => ({
        ...area,
        path: pathIn(content, 'industries', area.industry),
      })),
    }),
    Component: ExpertiseGrid,
  }),
  benefits: defineSection({ schema: benefitsSection, Component: Benefits }),
  testimonials: defineSection({
    schema: testimonialsSection,
    resolve: withListItems('testimonials', 'set', 'items'),
    Component: Testimonials,
  }),
  pricing: defineSection({
    schema: pricingSection,
    // Written out: a generic resolver would leave Pricing's props to be inferred from the component.
    resolve: (section, content) => ({
      ...section,
      plans: content.getEntry('pricing', section.plans).data.items,
    }),
    Component: Pricing,
    // Service structured data, one Offer per plan, priced as the cards show it.
    meta: ({ plans }) => ({
      pricing: plans.map(({ title, price, note, features }) => ({
        title,
        price,
        // The note ("5% discount") unless it repeats a feature.
        description: note && !features.includes(note) ? note : undefined,
        features,
      })),
    }),
  }),
  cta: defineSection({ schema: ctaSection, Component: CallToAction }),
  steps: defineSection({ schema: stepsSection, Component: Steps }),
  comparison: defineSection({ schema: comparisonSection, Component: Comparison }),
  questions: defineSection({ schema: questionsSection, Component: SampleQuestions }),
  prose: defineSection({ schema: proseSection, Component: Prose }),
  leaders: defineSection({
    schema: leadersSection,
    resolve: withListItems('leaders', 'team', 'people'),
    Component: Leaders,
  }),
  interviewers: defineSection({
    schema: interviewersSection,
    resolve: withListItems('interviewers', 'roster', 'people'),
    Component: Interviewers,
  }),
  'case-studies': defineSection({
    schema: caseStudiesSection,
    resolve: (section, content) => ({
      ...section,
      cases: inOrder(content.getCollection('case-studies')).map((study) => ({
        ...study,
        path: pathIn(content, 'case-studies', study.id),
      })),
    }),
    Component: CaseStudies,
  }),
  guides: defineSection({
    schema: guidesSection,
    resolve: withRequestItems('guide', 'guides'),
    Component: RequestCards,
  }),
  scorecards: defineSection({
    schema: scorecardsSection,
    resolve: withRequestItems('scorecard', 'scorecards'),
    Component: RequestCards,
  }),
  contact: defineSection({ schema: contactSection, Component: Contact }),
} satisfies SectionRegistry

type Registry = typeof sectionRegistry
/** What a section type's component receives, before its headingId. */
export type SectionProps<T extends SectionType> = Registry[T] extends {
  resolve: (section: never) => infer P
}
  ? P
  : Extract<Section, { type: T }>
/** A section with everything it references joined in: its component's props. */
export type ResolvedSection = { [T in SectionType]: SectionProps<T> & { type: T } }[SectionType]

interface LooseDefinition {
  resolve?: (section: Section, content: ContentLookup) => ResolvedSection
  meta?: (props: ResolvedSection) => SectionMeta
}
const definitionOf = (type: SectionType) => sectionRegistry[type] as LooseDefinition

/** Each section of a page with the entries it references, looked up in `content`. */
export function resolveSections(sections: Section[], content: ContentLookup): ResolvedSection[] {
  return sections.map(
    (section) =>
      definitionOf(section.type).resolve?.(section, content) ?? (section as ResolvedSection),
  )
}

/** What a page's sections add to its head: the FAQ's questions, the pricing plans. */
export function sectionsMeta(sections: ResolvedSection[]): SectionMeta {
  const meta: Required<SectionMeta> = { faq: [], pricing: [] }
  for (const section of sections) {
    const { faq = [], pricing = [] } = definitionOf(section.type).meta?.(section) ?? {}
    meta.faq.push(...faq)
    meta.pricing.push(...pricing)
  }
  return meta
}
