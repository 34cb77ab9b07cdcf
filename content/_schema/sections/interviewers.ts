import { z } from 'zod'
import { reference } from '../../_lib/collection.ts'
import { sectionIntro } from '../fields.ts'

export const interviewersSection = z.strictObject({
  type: z.literal('interviewers'),
  ...sectionIntro('interviewers'),
  roster: reference('interviewers').describe(
    'Which list of interviewers to show (a file in content/interviewers/).',
  ),
})
