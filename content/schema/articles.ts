// Long-form writing: articles (content/articles/<id>.mdx) and the tags they are filed under
// (content/tags/<id>.yaml). The MDX body may use the writer components listed in CONTENT.md.
import { z } from 'zod'
import { listItemReference, reference } from './collection.ts'
import { safeAddress, seo, text } from './fields.ts'

/** A calendar date as writers type it. */
export const isoDate = (description: string) =>
  z.iso.date('must be a date written YYYY-MM-DD').describe(description)

/** A picture from the collection's images/ folder, with the words a screen reader says. */
export const image = z
  .strictObject({
    src: z
      .string()
      .check(safeAddress)
      .regex(
        /^\.\/images\/[\w./-]+\.(png|jpe?g|webp)$/,
        'must be a file in this folder’s images/ folder, e.g. "./images/pipeline.png" (PNG, JPEG or WebP)',
      )
      .describe('The image file, e.g. "./images/pipeline.png".'),
    alt: text('What the image shows, for readers who cannot see it.'),
  })
  .describe('A picture: its file and its alt text.')

export const articlesSchema = z.strictObject({
  ...seo,
  publishDate: isoDate('The day the article was published; the list is newest first.'),
  updatedDate: isoDate('The day of the last real change, if any; shown as "Updated …".').optional(),
  author: listItemReference(
    ['leaders', 'interviewers'],
    'Who wrote it: a leader (content/leaders/, their name in lowercase words joined by hyphens, e.g. "elena-vasquez") or an interviewer id (content/interviewers/, e.g. "maya-chen").',
  ),
  tags: z
    .array(reference('tags'))
    .min(1)
    .max(4)
    .describe('One to four tags from content/tags/, by file name.'),
  cover: image.optional().describe('An optional picture at the top and on the card.'),
})

export const tagsSchema = z.strictObject({
  title: text('The tag as readers see it, e.g. "System design".'),
  description: seo.description,
})
