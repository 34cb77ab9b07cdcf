import { reference } from '../collection.ts'
import { sectionSchema, text } from '../fields.ts'

export const expertiseSection = sectionSchema('expertise', 'expertise', {
  areas: reference('expertise').describe(
    'Which list of areas to show (a file in content/expertise/).',
  ),
  linkLabel: text('The words on each area’s link to its industry page, e.g. "Learn more".'),
})
