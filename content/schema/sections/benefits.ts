import { z } from 'zod'
import { icon, sectionSchema, text } from '../fields.ts'

export const benefitsSection = sectionSchema('benefits', 'benefits', {
  lists: z
    .array(
      z.strictObject({
        title: text('The list’s heading, e.g. "For hiring managers".'),
        items: z.array(text('One benefit.')).min(2).describe('The benefits, in order.'),
      }),
    )
    .length(2)
    .describe('Exactly two lists side by side.'),
  tiles: z
    .array(
      z.strictObject({
        icon,
        title: text('The tile’s title.'),
        description: text('One sentence.'),
      }),
    )
    .length(4)
    .describe('Exactly four tiles under the lists.'),
})
