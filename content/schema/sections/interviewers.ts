import { reference } from '../collection.ts'
import { sectionSchema } from '../fields.ts'

export const interviewersSection = sectionSchema('interviewers', 'interviewers', {
  roster: reference('interviewers').describe(
    'Which list of interviewers to show (a file in content/interviewers/).',
  ),
})
