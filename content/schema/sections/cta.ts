import { z } from 'zod'
import { action, anchor, heading, text } from '../fields.ts'

export const ctaSection = z.strictObject({
  type: z.literal('cta'),
  id: anchor,
  heading: heading('call-to-action'),
  lead: text('The sentence under the heading.'),
  actions: z.array(action).min(1).max(3).describe('One to three buttons.'),
})
