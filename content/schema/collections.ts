// The content collections: which folder holds what, and the schema every file there must follow.
// The schemas live in this folder, one file per job: shared fields (fields.ts), one file per
// section type (sections/), the site (site.ts), pages (pages.ts), lists (lists.ts) and resources
// (resources.ts) and long-form articles (articles.ts). Writers: each field's description says what it is for; `npm run check:content`
// checks them all.
import type { z } from 'zod'
import { defineCollection } from './collection.ts'
import type { action, link } from './fields.ts'
import {
  expertiseSchema,
  interviewersSchema,
  leadersSchema,
  pricingSchema,
  testimonialsSchema,
} from './lists.ts'
import { articlesSchema, tagsSchema } from './articles.ts'
import { faqsSchema, industriesSchema, legalSchema, pagesSchema } from './pages.ts'
import { caseStudiesSchema, requestTargetSchema } from './resources.ts'
import { siteSchema } from './site.ts'

export { iconNames } from './icon-names.ts'
export { section, type Section, type SectionOf, type SectionType } from './sections/index.ts'

export const collections = {
  site: defineCollection({
    type: 'data',
    source: 'site.yaml',
    singleton: true,
    schema: siteSchema,
  }),
  pages: defineCollection({ type: 'data', source: 'pages', schema: pagesSchema }),
  industries: defineCollection({ type: 'data', source: 'industries', schema: industriesSchema }),
  faqs: defineCollection({ type: 'data', source: 'faqs', schema: faqsSchema }),
  legal: defineCollection({ type: 'document', source: 'legal', schema: legalSchema }),
  testimonials: defineCollection({
    type: 'data',
    source: 'testimonials',
    schema: testimonialsSchema,
  }),
  pricing: defineCollection({ type: 'data', source: 'pricing', schema: pricingSchema }),
  interviewers: defineCollection({
    type: 'data',
    source: 'interviewers',
    schema: interviewersSchema,
  }),
  leaders: defineCollection({ type: 'data', source: 'leaders', schema: leadersSchema }),
  expertise: defineCollection({ type: 'data', source: 'expertise', schema: expertiseSchema }),
  'case-studies': defineCollection({
    type: 'document',
    source: 'case-studies',
    schema: caseStudiesSchema,
  }),
  guides: defineCollection({ type: 'data', source: 'guides', schema: requestTargetSchema }),
  scorecards: defineCollection({ type: 'data', source: 'scorecards', schema: requestTargetSchema }),
  articles: defineCollection({ type: 'document', source: 'articles', schema: articlesSchema }),
  tags: defineCollection({ type: 'data', source: 'tags', schema: tagsSchema }),
}

export type Collections = typeof collections
export type CollectionName = keyof Collections
export type EntryData<C extends CollectionName> = z.output<Collections[C]['schema']>
export type Action = z.output<typeof action>
export type Link = z.output<typeof link>
