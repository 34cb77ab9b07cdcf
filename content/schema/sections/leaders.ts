import { reference } from '../collection.ts'
import { sectionSchema } from '../fields.ts'

export const leadersSection = sectionSchema('leaders', 'leadership', {
  team: reference('leaders').describe('Which team to show (a file in content/leaders/).'),
})
