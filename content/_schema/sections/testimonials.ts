import { z } from 'zod'
import { reference } from '../../_lib/collection.ts'
import { sectionIntro } from '../fields.ts'

export const testimonialsSection = z.strictObject({
  type: z.literal('testimonials'),
  ...sectionIntro('testimonials'),
  set: reference('testimonials').describe(
    'Which testimonials to show (a file in content/testimonials/).',
  ),
})
