import { z } from 'zod'
import { reference } from '../../_lib/collection.ts'
import { sectionIntro } from '../fields.ts'

export const leadersSection = z.strictObject({
  type: z.literal('leaders'),
  ...sectionIntro('leadership'),
  team: reference('leaders').describe('Which team to show (a file in content/leaders/).'),
})
