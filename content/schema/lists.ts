// Ordered lists that a section shows (`set:`, `plans:`, `roster:`, `team:`, `areas:`), one list
// per file.
import { z } from 'zod'
import { reference } from './collection.ts'
import { action, avatarInitials, icon, optionalText, text, uniqueList } from './fields.ts'

export const testimonialsSchema = z.strictObject({
  items: uniqueList(
    {
      text: text('The quote, without quotation marks.'),
      name: text('Who said it.'),
      title: text('Their role and company, e.g. "VP Engineering, Series B fintech".'),
    },
    'name',
    'The testimonials, in the order they are shown.',
  ),
})

export const pricingSchema = z.strictObject({
  items: uniqueList(
    {
      title: text('The plan’s name, e.g. "On Demand".'),
      price: text('The price as written, e.g. "$250".'),
      unit: text('What the price is for, e.g. "per interview".'),
      note: optionalText('A short label such as "5% discount".'),
      features: z.array(text('One feature.')).min(2).describe('What the plan includes.'),
      featured: z.boolean().default(false).describe('Highlight this plan.'),
      action: action.describe('The button on the card.'),
    },
    'title',
    'The plans, left to right.',
  ),
})

export const interviewersSchema = z.strictObject({
  items: uniqueList(
    {
      id: z
        .string()
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        .describe('A short unique id, lowercase words joined by hyphens, e.g. "maya-chen".'),
      name: text('Full name.'),
      role: text('Specialism and seniority, e.g. "Staff Backend Engineer".'),
      bio: text('One or two sentences on their experience.'),
      initials: avatarInitials('Shown in the round avatar, e.g. "MC".'),
    },
    'id',
    'The interviewer profiles, in carousel order.',
  ),
})

export const leadersSchema = z.strictObject({
  items: uniqueList(
    {
      name: text('Full name.'),
      role: text('Their title, e.g. "Co-founder & CEO".'),
      bio: text('Two or three sentences on their background.'),
      initials: avatarInitials('Shown in the round avatar.'),
    },
    'name',
    'The people, in order.',
  ),
})

export const expertiseSchema = z.strictObject({
  items: uniqueList(
    {
      title: text('The area’s name, e.g. "Cloud & DevOps".'),
      description: text('One sentence on what we assess.'),
      icon,
      industry: reference('industries').describe(
        'The industry page this area links to (a file name in content/industries/).',
      ),
    },
    'title',
    'The areas, in grid order.',
  ),
})
