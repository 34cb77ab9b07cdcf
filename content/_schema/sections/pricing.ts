import { z } from 'zod'
import { reference } from '../../_lib/collection.ts'
import { sectionIntro, text } from '../fields.ts'

export const pricingSection = z.strictObject({
  type: z.literal('pricing'),
  ...sectionIntro('pricing'),
  plans: reference('pricing').describe('Which plans to show (a file in content/pricing/).'),
  featuredLabel: text('The badge on the featured plan, e.g. "Most popular".'),
})
