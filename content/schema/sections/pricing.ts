import { reference } from '../collection.ts'
import { sectionSchema, text } from '../fields.ts'

export const pricingSection = sectionSchema('pricing', 'pricing', {
  plans: reference('pricing').describe('Which plans to show (a file in content/pricing/).'),
  featuredLabel: text('The badge on the featured plan, e.g. "Most popular".'),
})
