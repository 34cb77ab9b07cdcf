import { z } from 'zod'
import { reference } from '../../_lib/collection.ts'
import { sectionIntro, text } from '../fields.ts'

export const expertiseSection = z.strictObject({
  type: z.literal('expertise'),
  ...sectionIntro('expertise'),
  areas: reference('expertise').describe(
    'Which list of areas to show (a file in content/expertise/).',
  ),
  linkLabel: text('The words on each area’s link to its industry page, e.g. "Learn more".'),
})
