import { z } from 'zod'
import { action, sectionSchema, text } from '../fields.ts'

export const statsSection = sectionSchema('stats', 'statistics', {
  stats: z
    .array(
      z.strictObject({
        value: text('The figure as written, e.g. "200+" or "98%".'),
        label: text('What the figure counts, e.g. "Engineers in our network".'),
      }),
    )
    .min(2)
    .max(4)
    .describe('Two to four figure tiles.'),
  actions: z.array(action).max(2).default([]).describe('Up to two buttons under the figures.'),
})
