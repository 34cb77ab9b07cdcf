// The resources shown as cards: case studies, guides and scorecards, one entry per file.
import { z } from 'zod'
import { icon, order, seo, text } from './fields.ts'

/** A case study: the card on /resources/case-studies, and its own page with the MDX body. */
export const caseStudiesSchema = z.strictObject({
  order,
  description: seo.description,
  segment: text('The kind of client, shown as a label: "Startup", "Enterprise"…'),
  icon,
  title: text('The headline of the case, also the title of its page.'),
  challenge: text('What the client was struggling with.'),
  solution: text('What we did.'),
  results: z
    .array(
      z.strictObject({
        value: text('The figure, e.g. "48 hours".'),
        label: text('What it measures.'),
      }),
    )
    .min(2)
    .max(4)
    .describe('Two to four results as figures.'),
})

/** A guide or a scorecard: the file name is the id a request names. */
export const requestTargetSchema = z.strictObject({
  order,
  title: text('The title, as shown on the card and in the request e-mail subject.'),
  description: text('Two or three sentences on what it covers and who it is for.'),
  featured: z
    .boolean()
    .default(false)
    .describe('Show this one large at the top. Exactly one entry should be featured.'),
  icon,
  contents: z
    .array(text('One thing inside it.'))
    .min(3)
    .max(8)
    .describe('What the reader gets: three to eight short points.'),
})
