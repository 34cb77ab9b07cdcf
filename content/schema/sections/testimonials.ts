import { reference } from '../collection.ts'
import { sectionSchema } from '../fields.ts'

export const testimonialsSection = sectionSchema('testimonials', 'testimonials', {
  set: reference('testimonials').describe(
    'Which testimonials to show (a file in content/testimonials/).',
  ),
})
