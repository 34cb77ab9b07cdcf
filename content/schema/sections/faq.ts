import { z } from 'zod'
import { reference } from '../collection.ts'
import { anchor } from '../fields.ts'

export const faqSection = z.strictObject({
  type: z.literal('faq').describe('A FAQ: questions and answers from a set in content/faqs/.'),
  id: anchor,
  faq: reference('faqs').describe(
    'Which set of questions to show: the file name of a content/faqs/ entry, without .yaml.',
  ),
})
