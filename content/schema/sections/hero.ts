import { z } from 'zod'
import { action, anchor, illustration, optionalText, text } from '../fields.ts'

export const heroSection = z.strictObject({
  type: z
    .literal('hero')
    .describe('A hero: the big heading, lead and buttons at the top of a page.'),
  id: anchor,
  badge: optionalText('Small label above the headline.'),
  headline: text('The page’s main heading (its only h1).'),
  lead: text('The sentence under the headline.'),
  actions: z.array(action).max(3).default([]).describe('Up to three buttons under the lead.'),
  illustration: illustration.optional(),
})
