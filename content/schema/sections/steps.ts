import { z } from 'zod'
import { uniqueBy } from '../collection.ts'
import { icon, optionalText, sectionSchema, text } from '../fields.ts'

export const stepsSection = sectionSchema('steps', 'steps', {
  steps: z
    .array(
      z.strictObject({
        icon: icon.optional(),
        title: text('The step’s name.'),
        description: text('What happens in this step.'),
        duration: optionalText('How long it takes, e.g. "5-10 minutes".'),
      }),
    )
    .min(2)
    .max(8)
    .superRefine(uniqueBy('title'))
    .describe('The steps, in order; they are numbered automatically.'),
})
