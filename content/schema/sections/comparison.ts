import { z } from 'zod'
import { sectionSchema, text } from '../fields.ts'

const comparisonSide = z.strictObject({
  title: text('The short point, e.g. "Adaptive conversation".'),
  description: text('One sentence explaining it.'),
})

export const comparisonSection = sectionSchema('comparison', 'comparison', {
  humanLabel: text('The column heading for our approach, e.g. "Human-led (Panelwise)".'),
  automatedLabel: text('The column heading for the alternative, e.g. "Automated platforms".'),
  rows: z
    .array(
      z.strictObject({
        human: comparisonSide.describe('Our side of the row: how a human-led interview does it.'),
        automated: comparisonSide.describe('The other side: how an automated platform does it.'),
      }),
    )
    .length(4)
    .describe('Exactly four rows: how we do it, and how automated platforms do it.'),
})
