import { z } from 'zod'
import { sectionSchema, text, uniqueList } from '../fields.ts'

export const questionsSection = sectionSchema('questions', 'sample questions', {
  items: uniqueList(
    {
      title: text('The interview question.'),
      description: text('What a strong answer covers.'),
      tags: z
        .array(text('A topic tag, e.g. "Caching".'))
        .min(1)
        .max(5)
        .describe('One to five topic tags shown under the question.'),
    },
    'title',
    'The sample questions, in order.',
  ),
})
