// The fields every schema is built from: words, links, buttons, icons, search titles and the
// heading group sections share. Writers: each field's description says what it is for.
import { z } from 'zod'
import { addressProblem } from './address-rules.ts'
import { reference, uniqueBy } from './collection.ts'
import { iconNames } from './icon-names.ts'

/** Words a writer must fill in. */
export const text = (description: string) => z.string().trim().min(1).describe(description)

/** Words a writer may leave out. */
export const optionalText = (description: string) =>
  z.string().trim().min(1).optional().describe(description)

/**
 * The address rule a body's links follow (./address-rules.ts addressProblem), for every field that
 * becomes a link, a picture's address or a frame's: a "javascript:" or "data:" address is
 * refused with the same sentence wherever it is written, before the field's own format is read.
 */
export const safeAddress = z.superRefine((value: string, context) => {
  const problem = addressProblem(value)
  if (problem) context.addIssue({ code: 'custom', message: problem, input: value, continue: false })
})

/** A full https:// address: the site's own, a social profile, the booking page. */
export const httpsUrl = () => z.url({ protocol: /^https$/ }).check(safeAddress)

/** A link inside the site ("/about", "/#faq") or a full https:// address. */
export const href = z
  .string()
  .check(safeAddress)
  .regex(
    /^(\/[^\s]*|#[\w-]+|https:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d]+)$/,
    'must be a site path starting with "/", a "#section" anchor, or a full https:// address',
  )
  .describe('Where the link goes: "/about", "/#faq", or "https://…".')

export const link = z.strictObject({
  label: text('The words on the link or button.'),
  href,
})

/** What a call-to-action button does: follow a link, or open the booking dialog. */
export const action = z
  .strictObject({
    label: text('The words on the button.'),
    href: href.optional(),
    opens: z
      .enum(['booking'])
      .optional()
      .describe('Set to "booking" for a button that opens the booking dialog instead of a link.'),
    variant: z.enum(['primary', 'secondary']).default('primary').describe('Filled or outlined.'),
  })
  .refine((value) => Boolean(value.href) !== Boolean(value.opens), {
    message: 'set either href (a link) or opens: booking (the booking dialog), exactly one',
  })

export const seo = {
  title: text(
    'The page title shown in search results and the browser tab (without the site name).',
  ),
  description: z
    .string()
    .trim()
    .min(50, 'should be at least 50 characters so search engines show it')
    .max(170, 'should be at most 170 characters or search engines cut it off')
    .describe('One or two sentences shown under the title in search results.'),
}

/** An optional anchor so links like "/#faq" land on the section. */
export const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'must be lowercase words joined by hyphens, e.g. "faq"')
  .optional()
  .describe('Anchor for links like "/#faq": lowercase words joined by hyphens.')

/** One of the icons in ./icon-names.ts. */
export const icon = z
  .enum(iconNames)
  .describe(
    'The small picture beside the title: one of the icon names listed in content/schema/collections.ts.',
  )

/** A person's initials, shown in place of a photo (interviewers and leaders). */
export const avatarInitials = (description: string) =>
  z
    .string()
    .regex(/^[A-Z]{2,3}$/, 'must be two or three capital letters')
    .describe(description)
export const heading = (what: string) => text(`The heading of the ${what} section.`)
export const lead = optionalText('An optional sentence under the heading.')
export const eyebrow = optionalText('An optional small label above the heading.')

/**
 * The heading group most sections open with: an anchor, a small label, the heading and a
 * sentence under it. `what` names the section in the heading's description.
 */
const sectionIntro = (what: string) => ({
  id: anchor,
  eyebrow,
  heading: heading(what),
  lead,
})

/** A section type's schema: its `type`, the heading group (`what` names it), then its own fields. */
export const sectionSchema = <T extends string, F extends z.ZodRawShape>(
  type: T,
  what: string,
  fields: F,
) => z.strictObject({ type: z.literal(type), ...sectionIntro(what), ...fields })

/** One or more items, in order, each differing from the others in `key`. */
export const uniqueList = <S extends z.ZodRawShape>(
  item: S,
  key: keyof S & string,
  description: string,
) =>
  z
    .array(z.strictObject(item))
    .min(1)
    .superRefine(uniqueBy<Record<string, unknown>>(key))
    .describe(description)

/** Position in a list of entries: 1 comes first. */
export const order = z
  .number()
  .int()
  .min(1)
  .describe('Position on the page: 1 comes first. Two entries may not share a number.')

/** A form field's words: its label, and the sample text shown while it is empty. */
export const fieldWords = <P extends z.ZodType>(label: string, placeholder: P) =>
  z.strictObject({ label: text(label), placeholder })

/** The words of a toast: its title and one sentence. */
export const toastWords = z.strictObject({
  title: text('Toast title.'),
  description: text('Toast text.'),
})

/**
 * A drawing from content/illustrations/, by file name. It says what it shows in `alt`, for
 * people who cannot see it, unless it is marked `decorative` (it adds nothing the words don't).
 */
export const illustration = z
  .strictObject({
    file: reference('illustrations').describe(
      'The drawing: a file name in content/illustrations/ without .svg, e.g. "home-hero".',
    ),
    alt: optionalText(
      'What the drawing shows, in one sentence, for people who cannot see it. Required unless decorative.',
    ),
    decorative: z
      .literal(true)
      .optional()
      .describe(
        'Set to true when the drawing adds nothing the words around it do not say; screen readers then skip it, and it has no alt.',
      ),
  })
  .superRefine((value, ctx) => {
    if (!value.decorative && !value.alt)
      ctx.addIssue({
        code: 'custom',
        path: ['alt'],
        message:
          'says what the drawing shows for people who cannot see it; write an alt, or set decorative: true if the words around it already say everything',
      })
    if (value.decorative && value.alt)
      ctx.addIssue({
        code: 'custom',
        path: ['alt'],
        message:
          'a decorative drawing is skipped by screen readers, so it has no alt: remove one of the two',
      })
  })
  .describe(
    'A drawing shown beside the heading: `file` names it; `alt` says what it shows, or `decorative: true`.',
  )
