// The collections that are pages: content/pages/ (built from sections), content/industries/,
// content/legal/, and the FAQ sets pages show.
import { z } from 'zod'
import { reference, uniqueBy } from './collection.ts'
import { illustration, optionalText, seo, text, uniqueList } from './fields.ts'
import { section } from './sections/index.ts'

export const pagesSchema = z.strictObject({
  path: z
    .string()
    .regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, 'must be a path like "/" or "/resources/guides"')
    .describe('The address of the page on the site.'),
  ...seo,
  sections: z.array(section).min(1).describe('The blocks of the page, top to bottom.'),
})

export const industriesSchema = z.strictObject({
  name: text('The industry’s name in menus and headings, e.g. "AI & Machine Learning".'),
  ...seo,
  hero: z
    .strictObject({
      headline: text('The page’s main heading.'),
      lead: text('The sentence under the heading.'),
      action: text('Label of the button that opens the booking dialog, e.g. "Schedule a Demo".'),
      illustration: illustration.optional(),
    })
    .describe('The top of the industry page.'),
  roles: z
    .strictObject({
      heading: text('Heading above the roles grid.'),
      items: z
        .array(
          z.strictObject({
            title: text('Role name.'),
            description: text('What we assess for it.'),
          }),
        )
        .min(8)
        .max(15)
        .superRefine(uniqueBy('title'))
        .describe('The 8 to 15 roles we assess in this industry; each title once.'),
      action: text('Label of the consultation button under the grid.'),
    })
    .describe('The grid of roles we assess, with a consultation button.'),
  faq: reference('faqs').describe(
    'The questions shown at the bottom of the page: the file name of a content/faqs/ entry, without .yaml.',
  ),
})

export const faqsSchema = z.strictObject({
  title: text('Heading above the questions.'),
  subtitle: optionalText('Sentence under the heading.'),
  items: uniqueList(
    { question: text('The question.'), answer: text('The answer, plain text.') },
    'question',
    'The questions and answers, in the order shown; each question once.',
  ),
})

export const legalSchema = z.strictObject({
  ...seo,
  lastUpdated: z.iso
    .date('must be a date written YYYY-MM-DD')
    .describe('Shown as "Last updated …".'),
})
