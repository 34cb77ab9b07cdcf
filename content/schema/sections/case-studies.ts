import { z } from 'zod'
import { action, sectionSchema, text } from '../fields.ts'

export const caseStudiesSection = sectionSchema('case-studies', 'case studies', {
  labels: z
    .strictObject({
      challenge: text('Heading of each case’s challenge, e.g. "Challenge".'),
      solution: text('Heading of each case’s solution, e.g. "Solution".'),
      results: text('Heading of each case’s results, e.g. "Results".'),
    })
    .describe('The small headings inside each case card.'),
  actions: z.array(action).max(2).default([]).describe('Buttons under the cases.'),
})
