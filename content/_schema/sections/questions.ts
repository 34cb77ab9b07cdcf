import { z } from 'zod'
import { uniqueBy } from '../../_lib/collection.ts'
import { sectionIntro, text } from '../fields.ts'

export const questionsSection = z.strictObject({
  type: z.literal('questions'),
  ...sectionIntro('sample questions'),
  items: z
    .array(
      z.strictObject({
        title: text('The interview question.'),
        description: text('What a strong answer covers.'),
        tags: z
          .array(text('A topic tag, e.g. "Caching".'))
          .min(1)
          .max(5)
          .describe('One to five topic tags shown under the question.'),
      }),
    )
    .min(1)
    .superRefine(uniqueBy('title'))
    .describe('The sample questions, in order.'),
})
