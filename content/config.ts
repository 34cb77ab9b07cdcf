// The content collections: which folder holds what, and the rules every file must follow.
// Writers: each field's description says what it is for; `npm run check:content` checks them all.
import { z } from 'zod'
import { defineCollection, reference, uniqueBy } from './_lib/collection.ts'

const text = (description: string) => z.string().trim().min(1).describe(description)

/** A link inside the site ("/about", "/#faq") or a full https:// address. */
const href = z
  .string()
  .regex(
    /^(\/[^\s]*|#[\w-]+|https:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d]+)$/,
    'must be a site path starting with "/", a "#section" anchor, or a full https:// address',
  )
  .describe('Where the link goes: "/about", "/#faq", or "https://…".')

const link = z.strictObject({
  label: text('The words on the link or button.'),
  href,
})

/** What a call-to-action button does: follow a link, or open the booking dialog. */
const action = z
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

const seo = {
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

const heroSection = z.strictObject({
  type: z.literal('hero'),
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .optional()
    .describe('Anchor for links like /#hero.'),
  badge: z.string().trim().min(1).optional().describe('Small label above the headline.'),
  headline: text('The page’s main heading (its only h1).'),
  lead: text('The sentence under the headline.'),
  actions: z.array(action).max(3).default([]).describe('Up to three buttons under the lead.'),
})

const faqSection = z.strictObject({
  type: z.literal('faq'),
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .optional(),
  faq: reference('faqs'),
})

/** The blocks a page is built from, in order. Each `type` has its own fields. */
export const section = z.discriminatedUnion('type', [heroSection, faqSection])

export const collections = {
  site: defineCollection({
    type: 'data',
    source: 'site.yaml',
    singleton: true,
    schema: z.strictObject({
      name: text('The company name, used in titles, the logo and structured data.'),
      url: z
        .url({ protocol: /^https$/ })
        .describe('The public address of the site; canonical URLs start with it.'),
      titleTemplate: z
        .string()
        .includes('%s', { message: 'must contain %s where the page title goes' })
        .describe('How page titles are shown, e.g. "%s | Company".'),
      description: seo.description,
      phone: text('The phone number as visitors should read it.'),
      phoneHref: z.string().regex(/^tel:\+\d{7,15}$/, 'must look like tel:+13055550142'),
      email: z.email().describe('The address for e-mail enquiries.'),
      location: text('Where the company is based.'),
      hours: text('Business hours as shown on the contact page.'),
      social: z
        .array(
          z.strictObject({
            label: text('The network’s name, read aloud by screen readers.'),
            href: z.url({ protocol: /^https$/ }),
            icon: z.enum(['linkedin', 'twitter', 'github', 'youtube']),
          }),
        )
        .default([]),
      scheduler: z.strictObject({
        url: z
          .url({ protocol: /^https$/ })
          .describe('The embedded booking page for a 30-minute call.'),
        title: text('The accessible title of the booking frame.'),
      }),
      navigation: z.strictObject({
        menus: z
          .array(
            z.strictObject({
              label: text('The dropdown’s button label, e.g. "Industries".'),
              items: z.array(link).min(1).superRefine(uniqueBy('href')),
            }),
          )
          .describe('Dropdowns in the top bar, in order.'),
        links: z.array(link).describe('Plain links in the top bar after the dropdowns.'),
      }),
      ui: z
        .strictObject({
          skipToContent: text('The hidden link keyboard users see first, jumping to the content.'),
          mainNavigation: text('Name of the top navigation, read by screen readers.'),
          footerNavigation: text('Name of the footer navigation, read by screen readers.'),
          menu: text('Label of the small-screen menu link.'),
          breadcrumb: text('Name of the breadcrumb trail, read by screen readers.'),
          home: text('The first breadcrumb, linking to the home page.'),
          lastUpdated: text('Words before the date on legal pages, e.g. "Last updated".'),
          contactHeading: text('Heading of the footer’s contact column.'),
          close: text('Label of the button that closes a dialog, read by screen readers.'),
        })
        .describe('Small words the interface needs on every page.'),
      notFound: z
        .strictObject({
          ...seo,
          headline: text('The heading, e.g. "Page not found".'),
          lead: text('The sentence under the heading.'),
          back: text('Label of the button that goes back in the browser history.'),
          home: link.describe('The link back to the home page.'),
          contact: link.describe('The link to the contact page.'),
        })
        .describe('The page shown for an address that does not exist.'),
      footer: z.strictObject({
        tagline: text('The sentence under the logo in the footer.'),
        columns: z.array(
          z.strictObject({ heading: text('Column heading.'), links: z.array(link) }),
        ),
        legal: z.array(link).describe('Links at the very bottom (privacy, terms).'),
      }),
    }),
  }),

  pages: defineCollection({
    type: 'data',
    source: 'pages',
    schema: z.strictObject({
      path: z
        .string()
        .regex(/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/, 'must be a path like "/" or "/resources/guides"')
        .describe('The address of the page on the site.'),
      ...seo,
      sections: z.array(section).min(1).describe('The blocks of the page, top to bottom.'),
    }),
  }),

  industries: defineCollection({
    type: 'data',
    source: 'industries',
    schema: z.strictObject({
      name: text('The industry’s name in menus and headings, e.g. "AI & Machine Learning".'),
      ...seo,
      hero: z.strictObject({
        headline: text('The page’s main heading.'),
        lead: text('The sentence under the heading.'),
        action: text('Label of the button that opens the booking dialog, e.g. "Schedule a Demo".'),
      }),
      roles: z.strictObject({
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
          .superRefine(uniqueBy('title')),
        action: text('Label of the consultation button under the grid.'),
      }),
      faq: reference('faqs'),
    }),
  }),

  faqs: defineCollection({
    type: 'data',
    source: 'faqs',
    schema: z.strictObject({
      title: text('Heading above the questions.'),
      subtitle: z.string().trim().min(1).optional().describe('Sentence under the heading.'),
      items: z
        .array(
          z.strictObject({
            question: text('The question.'),
            answer: text('The answer, plain text.'),
          }),
        )
        .min(1)
        .superRefine(uniqueBy('question')),
    }),
  }),

  legal: defineCollection({
    type: 'document',
    source: 'legal',
    schema: z.strictObject({
      ...seo,
      lastUpdated: z.iso
        .date('must be a date written YYYY-MM-DD')
        .describe('Shown as "Last updated …".'),
    }),
  }),
}

export type Collections = typeof collections
export type CollectionName = keyof Collections
export type EntryData<C extends CollectionName> = z.output<Collections[C]['schema']>
export type Section = z.output<typeof section>
export type Action = z.output<typeof action>
export type Link = z.output<typeof link>
