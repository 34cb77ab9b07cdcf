import { z } from 'zod'
import { action, anchor, eyebrow, heading, optionalText, text } from '../fields.ts'

export const proseSection = z.strictObject({
  type: z.literal('prose'),
  id: anchor,
  eyebrow,
  heading: heading('text'),
  paragraphs: z.array(text('One paragraph.')).min(1).describe('The paragraphs, in order.'),
  points: z
    .array(text('One point.'))
    .default([])
    .describe('An optional checklist shown beside the text.'),
  pointsHeading: optionalText('An optional heading above the checklist.'),
  actions: z.array(action).max(2).default([]).describe('Up to two buttons under the text.'),
})
