import { z } from 'zod'
import { uniqueBy } from '../collection.ts'
import { action, icon, sectionSchema, text } from '../fields.ts'

const card = z.strictObject({
  icon: icon.optional(),
  title: text('The card’s title.'),
  description: text('One or two sentences under the title.'),
  facts: z
    .array(text('A short fact, e.g. "45-60 minutes" or "Starting at $299".'))
    .default([])
    .describe('Short facts shown as small labels (duration, price).'),
  points: z
    .array(text('One point of the list.'))
    .default([])
    .describe('An optional bullet list inside the card.'),
  action: action.optional().describe('An optional button at the bottom of the card.'),
})

export const cardsSection = sectionSchema('cards', 'cards', {
  columns: z
    .union([z.literal(2), z.literal(3), z.literal(4)])
    .default(3)
    .describe('How many cards side by side on wide screens: 2, 3 or 4.'),
  tinted: z.boolean().default(false).describe('Give the section a light background band.'),
  items: z.array(card).min(1).superRefine(uniqueBy('title')).describe('The cards, in order.'),
  actions: z.array(action).max(2).default([]).describe('Up to two buttons under the cards.'),
})
