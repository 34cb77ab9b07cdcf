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

/** An optional anchor so links like "/#faq" land on the section. */
const anchor = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'must be lowercase words joined by hyphens, e.g. "faq"')
  .optional()
  .describe('Anchor for links like "/#faq": lowercase words joined by hyphens.')

/** The icons a writer may pick for cards and tiles; each is drawn by components/sections/icons.tsx. */
export const iconNames = [
  'code',
  'network',
  'users',
  'server',
  'database',
  'cloud',
  'smartphone',
  'brain',
  'shield',
  'layout',
  'blocks',
  'clock',
  'badge-check',
  'award',
  'zap',
  'target',
  'search',
  'rocket',
  'handshake',
  'file-text',
  'message-square',
  'calendar',
  'user-check',
  'trending-up',
  'gauge',
  'layers',
  'git-branch',
  'lock',
  'scale',
  'sparkles',
  'timer',
  'clipboard-check',
  'globe',
  'pipeline',
  'wallet',
  'heart-pulse',
  'shopping-cart',
  'gamepad',
  'building',
  'percent',
  'gift',
] as const
const icon = z
  .enum(iconNames)
  .describe(
    'The small picture beside the title: one of the icon names listed in content/config.ts.',
  )

/** A person's initials, shown in place of a photo (interviewers and leaders). */
const avatarInitials = (description: string) =>
  z
    .string()
    .regex(/^[A-Z]{2,3}$/, 'must be two or three capital letters')
    .describe(description)
const heading = (what: string) => text(`The heading of the ${what} section.`)
const lead = z.string().trim().min(1).optional().describe('An optional sentence under the heading.')
const eyebrow = z
  .string()
  .trim()
  .min(1)
  .optional()
  .describe('An optional small label above the heading.')

const heroSection = z.strictObject({
  type: z
    .literal('hero')
    .describe('A hero: the big heading, lead and buttons at the top of a page.'),
  id: anchor,
  badge: z.string().trim().min(1).optional().describe('Small label above the headline.'),
  headline: text('The page’s main heading (its only h1).'),
  lead: text('The sentence under the headline.'),
  actions: z.array(action).max(3).default([]).describe('Up to three buttons under the lead.'),
})

const faqSection = z.strictObject({
  type: z.literal('faq').describe('A FAQ: questions and answers from a set in content/faqs/.'),
  id: anchor,
  faq: reference('faqs').describe(
    'Which set of questions to show: the file name of a content/faqs/ entry, without .yaml.',
  ),
})

const card = z.strictObject({
  icon: icon.optional(),
  title: text('The card’s title.'),
  description: text('One or two sentences under the title.'),
  facts: z
    .array(text('A short fact, e.g. "45-60 minutes" or "Starting at $299".'))
    .default([])
    .describe('Short facts shown as small labels (duration, price).'),
  points: z
    .array(text('One point of the list.'))
    .default([])
    .describe('An optional bullet list inside the card.'),
  action: action.optional().describe('An optional button at the bottom of the card.'),
})

const cardsSection = z.strictObject({
  type: z.literal('cards'),
  id: anchor,
  eyebrow,
  heading: heading('cards'),
  lead,
  columns: z
    .union([z.literal(2), z.literal(3), z.literal(4)])
    .default(3)
    .describe('How many cards side by side on wide screens: 2, 3 or 4.'),
  tinted: z.boolean().default(false).describe('Give the section a light background band.'),
  items: z.array(card).min(1).superRefine(uniqueBy('title')).describe('The cards, in order.'),
  actions: z.array(action).max(2).default([]).describe('Up to two buttons under the cards.'),
})

const statsSection = z.strictObject({
  type: z.literal('stats'),
  id: anchor,
  eyebrow,
  heading: heading('statistics'),
  lead,
  stats: z
    .array(
      z.strictObject({
        value: text('The figure as written, e.g. "200+" or "98%".'),
        label: text('What the figure counts, e.g. "Engineers in our network".'),
      }),
    )
    .min(2)
    .max(4)
    .describe('Two to four figure tiles.'),
  actions: z.array(action).max(2).default([]).describe('Up to two buttons under the figures.'),
})

const expertiseSection = z.strictObject({
  type: z.literal('expertise'),
  id: anchor,
  eyebrow,
  heading: heading('expertise'),
  lead,
  areas: reference('expertise').describe(
    'Which list of areas to show (a file in content/expertise/).',
  ),
  linkLabel: text('The words on each area’s link to its industry page, e.g. "Learn more".'),
})

const benefitsSection = z.strictObject({
  type: z.literal('benefits'),
  id: anchor,
  eyebrow,
  heading: heading('benefits'),
  lead,
  lists: z
    .array(
      z.strictObject({
        title: text('The list’s heading, e.g. "For hiring managers".'),
        items: z.array(text('One benefit.')).min(2).describe('The benefits, in order.'),
      }),
    )
    .length(2)
    .describe('Exactly two lists side by side.'),
  tiles: z
    .array(
      z.strictObject({
        icon,
        title: text('The tile’s title.'),
        description: text('One sentence.'),
      }),
    )
    .length(4)
    .describe('Exactly four tiles under the lists.'),
})

const testimonialsSection = z.strictObject({
  type: z.literal('testimonials'),
  id: anchor,
  eyebrow,
  heading: heading('testimonials'),
  lead,
  set: reference('testimonials').describe(
    'Which testimonials to show (a file in content/testimonials/).',
  ),
})

const pricingSection = z.strictObject({
  type: z.literal('pricing'),
  id: anchor,
  eyebrow,
  heading: heading('pricing'),
  lead,
  plans: reference('pricing').describe('Which plans to show (a file in content/pricing/).'),
  featuredLabel: text('The badge on the featured plan, e.g. "Most popular".'),
})

const ctaSection = z.strictObject({
  type: z.literal('cta'),
  id: anchor,
  heading: heading('call-to-action'),
  lead: text('The sentence under the heading.'),
  actions: z.array(action).min(1).max(3).describe('One to three buttons.'),
})

const stepsSection = z.strictObject({
  type: z.literal('steps'),
  id: anchor,
  eyebrow,
  heading: heading('steps'),
  lead,
  steps: z
    .array(
      z.strictObject({
        icon: icon.optional(),
        title: text('The step’s name.'),
        description: text('What happens in this step.'),
        duration: z
          .string()
          .trim()
          .min(1)
          .optional()
          .describe('How long it takes, e.g. "5-10 minutes".'),
      }),
    )
    .min(2)
    .max(8)
    .superRefine(uniqueBy('title'))
    .describe('The steps, in order; they are numbered automatically.'),
})

const comparisonSide = z.strictObject({
  title: text('The short point, e.g. "Adaptive conversation".'),
  description: text('One sentence explaining it.'),
})
const comparisonSection = z.strictObject({
  type: z.literal('comparison'),
  id: anchor,
  eyebrow,
  heading: heading('comparison'),
  lead,
  humanLabel: text('The column heading for our approach, e.g. "Human-led (Panelwise)".'),
  automatedLabel: text('The column heading for the alternative, e.g. "Automated platforms".'),
  rows: z
    .array(
      z.strictObject({
        human: comparisonSide.describe('Our side of the row: how a human-led interview does it.'),
        automated: comparisonSide.describe('The other side: how an automated platform does it.'),
      }),
    )
    .length(4)
    .describe('Exactly four rows: how we do it, and how automated platforms do it.'),
})

const questionsSection = z.strictObject({
  type: z.literal('questions'),
  id: anchor,
  eyebrow,
  heading: heading('sample questions'),
  lead,
  items: z
    .array(
      z.strictObject({
        title: text('The interview question.'),
        description: text('What a strong answer covers.'),
        tags: z
          .array(text('A topic tag, e.g. "Caching".'))
          .min(1)
          .max(5)
          .describe('One to five topic tags shown under the question.'),
      }),
    )
    .min(1)
    .superRefine(uniqueBy('title'))
    .describe('The sample questions, in order.'),
})

const proseSection = z.strictObject({
  type: z.literal('prose'),
  id: anchor,
  eyebrow,
  heading: heading('text'),
  paragraphs: z.array(text('One paragraph.')).min(1).describe('The paragraphs, in order.'),
  points: z
    .array(text('One point.'))
    .default([])
    .describe('An optional checklist shown beside the text.'),
  pointsHeading: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('An optional heading above the checklist.'),
  actions: z.array(action).max(2).default([]).describe('Up to two buttons under the text.'),
})

const leadersSection = z.strictObject({
  type: z.literal('leaders'),
  id: anchor,
  eyebrow,
  heading: heading('leadership'),
  lead,
  team: reference('leaders').describe('Which team to show (a file in content/leaders/).'),
})

const interviewersSection = z.strictObject({
  type: z.literal('interviewers'),
  id: anchor,
  eyebrow,
  heading: heading('interviewers'),
  lead,
  roster: reference('interviewers').describe(
    'Which list of interviewers to show (a file in content/interviewers/).',
  ),
})

const caseStudiesSection = z.strictObject({
  type: z.literal('case-studies'),
  id: anchor,
  eyebrow,
  heading: heading('case studies'),
  lead,
  labels: z
    .strictObject({
      challenge: text('Heading of each case’s challenge, e.g. "Challenge".'),
      solution: text('Heading of each case’s solution, e.g. "Solution".'),
      results: text('Heading of each case’s results, e.g. "Results".'),
    })
    .describe('The small headings inside each case card.'),
  actions: z.array(action).max(2).default([]).describe('Buttons under the cases.'),
})

const requestLabels = {
  featuredLabel: text('The badge on the featured item, e.g. "Featured".'),
  requestLabel: text('The words on each request button, e.g. "Request Guide".'),
  contentsLabel: text('The heading above each item’s list of contents, e.g. "Inside".'),
}

const guidesSection = z.strictObject({
  type: z.literal('guides'),
  id: anchor,
  eyebrow,
  heading: heading('guides'),
  lead,
  ...requestLabels,
})

const scorecardsSection = z.strictObject({
  type: z.literal('scorecards'),
  id: anchor,
  eyebrow,
  heading: heading('scorecards'),
  lead,
  ...requestLabels,
})

const contactSection = z.strictObject({
  type: z.literal('contact'),
  id: z.literal('contact').describe('Always "contact": the page’s anchor.'),
  heading: text('The page’s main heading, e.g. "Get In Touch".'),
  lead: text('The subtitle under the heading.'),
  info: z
    .strictObject({
      heading: text('Heading of the contact details card, e.g. "Contact Information".'),
      call: text('Label before the phone number, e.g. "Call Us".'),
      location: text('Label before the address, e.g. "Location".'),
      hours: text('Label before the business hours, e.g. "Business Hours".'),
      follow: text('Heading of the social links card, e.g. "Follow Us".'),
    })
    .describe('The left column; the phone, location, hours and social links come from site.yaml.'),
  form: z
    .strictObject({
      heading: text('Heading of the form, e.g. "Send Us a Message".'),
      name: z
        .strictObject({
          label: text('Label of the name field.'),
          placeholder: text('Sample name shown in the empty field.'),
        })
        .describe('The name field: its label and the sample text shown while it is empty.'),
      email: z
        .strictObject({
          label: text('Label of the e-mail field.'),
          placeholder: text('Sample e-mail shown in the empty field.'),
        })
        .describe('The e-mail field: its label and the sample text shown while it is empty.'),
      phone: z
        .strictObject({
          label: text('Label of the phone field (optional for visitors).'),
          placeholder: text('Sample phone format shown in the empty field.'),
        })
        .describe('The phone number field: its label and the sample text shown while it is empty.'),
      message: z
        .strictObject({
          label: text('Label of the message field.'),
          placeholder: text('Text shown in the empty message field.'),
        })
        .describe('The message field: its label and the sample text shown while it is empty.'),
      submit: text('The submit button, e.g. "Send Message".'),
      sending: text('The submit button while sending, e.g. "Sending...".'),
      success: z
        .strictObject({ title: text('Toast title.'), description: text('Toast text.') })
        .describe('The toast after the message was sent.'),
      failure: z
        .strictObject({ title: text('Toast title.'), description: text('Toast text.') })
        .describe('The toast when sending failed.'),
    })
    .describe('Every word of the contact form; the form island receives these as props.'),
})

/** The blocks a page is built from, in order. Each `type` has its own fields. */
export const section = z.discriminatedUnion('type', [
  heroSection,
  faqSection,
  cardsSection,
  statsSection,
  expertiseSection,
  benefitsSection,
  testimonialsSection,
  pricingSection,
  ctaSection,
  stepsSection,
  comparisonSection,
  questionsSection,
  proseSection,
  leadersSection,
  interviewersSection,
  caseStudiesSection,
  guidesSection,
  scorecardsSection,
  contactSection,
])

const order = z
  .number()
  .int()
  .min(1)
  .describe('Position on the page: 1 comes first. Two entries may not share a number.')

const requestTarget = {
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
}

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
      phoneHref: z
        .string()
        .regex(/^tel:\+\d{7,15}$/, 'must look like tel:+13055550142')
        .describe(
          'The same number for phones to dial: tel:+ and digits only, e.g. tel:+13055550142.',
        ),
      email: z.email().describe('The address for e-mail enquiries.'),
      location: text('Where the company is based.'),
      hours: text('Business hours as shown on the contact page.'),
      social: z
        .array(
          z.strictObject({
            label: text('The network’s name, read aloud by screen readers.'),
            href: z
              .url({ protocol: /^https$/ })
              .describe('The full address of the company’s profile on that network.'),
            icon: z
              .enum(['linkedin', 'twitter', 'github', 'youtube'])
              .describe('Which network’s logo to show.'),
          }),
        )
        .default([])
        .describe('Links to the company’s social profiles, shown as icons.'),
      scheduler: z
        .strictObject({
          url: z
            .url({ protocol: /^https$/ })
            .describe('The embedded booking page for a 30-minute call.'),
          title: text('The accessible title of the booking frame.'),
        })
        .describe('The booking page every "Book a Call" button opens.'),
      navigation: z
        .strictObject({
          menus: z
            .array(
              z.strictObject({
                label: text('The dropdown’s button label, e.g. "Industries".'),
                items: z
                  .array(link)
                  .min(1)
                  .superRefine(uniqueBy('href'))
                  .describe('The links in the dropdown, in order; each address once.'),
              }),
            )
            .describe('Dropdowns in the top bar, in order.'),
          links: z.array(link).describe('Plain links in the top bar after the dropdowns.'),
        })
        .describe('The top bar: dropdown menus, then plain links.'),
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
          previous: text('Label of a carousel’s “previous” button, read by screen readers.'),
          next: text('Label of a carousel’s “next” button, read by screen readers.'),
          slide: text('How a carousel names each slide; {index} and {count} are filled in.'),
          goToTestimonial: text('Label of a testimonial dot; {index} is filled in.'),
        })
        .describe('Small words the interface needs on every page.'),
      requests: z
        .strictObject({
          description: text(
            'Sentence at the top of the dialog; {title} becomes the guide or scorecard.',
          ),
          fields: z
            .strictObject({
              name: z
                .strictObject({
                  label: text('The field’s label.'),
                  placeholder: z
                    .string()
                    .trim()
                    .min(1)
                    .optional()
                    .describe('Sample text in the empty field.'),
                })
                .describe('The name field (required).'),
              email: z
                .strictObject({
                  label: text('The field’s label.'),
                  placeholder: z
                    .string()
                    .trim()
                    .min(1)
                    .optional()
                    .describe('Sample text in the empty field.'),
                })
                .describe('The e-mail field (required).'),
              phone: z
                .strictObject({
                  label: text('The field’s label.'),
                  placeholder: z
                    .string()
                    .trim()
                    .min(1)
                    .optional()
                    .describe('Sample text in the empty field.'),
                })
                .describe('The phone field (optional).'),
              company: z
                .strictObject({
                  label: text('The field’s label.'),
                  placeholder: z
                    .string()
                    .trim()
                    .min(1)
                    .optional()
                    .describe('Sample text in the empty field.'),
                })
                .describe('The company field (optional).'),
              message: z
                .strictObject({
                  label: text('The field’s label.'),
                  placeholder: z
                    .string()
                    .trim()
                    .min(1)
                    .optional()
                    .describe('Sample text in the empty field.'),
                })
                .describe('The message field (optional, three lines).'),
            })
            .describe('The five fields of the request form.'),
          submit: text('The submit button.'),
          sending: text('The submit button while sending, e.g. "Sending...".'),
          successTitle: text('Title of the toast after a request was sent, e.g. "Request Sent".'),
          guide: z
            .strictObject({
              dialogTitle: text('The dialog’s title for a guide, e.g. "Request Guide".'),
              success: text('Toast text after a guide request; {title} becomes the guide.'),
            })
            .describe('Words that differ for guides.'),
          scorecard: z
            .strictObject({
              dialogTitle: text('The dialog’s title for a scorecard, e.g. "Request Scorecard".'),
              success: text('Toast text after a scorecard request; {title} becomes the scorecard.'),
            })
            .describe('Words that differ for scorecards.'),
          failure: z
            .strictObject({ title: text('Toast title.'), description: text('Toast text.') })
            .describe('The toast when a request could not be sent.'),
        })
        .describe('The dialog behind every "Request Guide" and "Request Scorecard" button.'),
      keptRequests: z
        .strictObject({
          title: text(
            'Title of the toast when a message or request could not be sent and is kept in the browser, e.g. "Not sent yet".',
          ),
          message: text(
            'Text of that toast for the contact form: the message is kept in this browser and sent when the connection is back.',
          ),
          request: text(
            'Text of that toast for a guide or scorecard request: the request is kept and sent when the connection is back.',
          ),
          sent: z
            .strictObject({ title: text('Toast title.'), description: text('Toast text.') })
            .describe('The toast when a kept request has been sent after all.'),
          notice: z
            .strictObject({
              label: text('Name of the notice for screen readers, e.g. "Requests not sent yet".'),
              summary: text(
                'The notice’s sentence; {count} becomes the number of kept requests and {days} how many days they are kept.',
              ),
              show: text('Button that lists the kept requests.'),
              hide: text('Button that hides the list again.'),
              discard: text('Button that deletes one kept request from this browser.'),
            })
            .describe(
              'The small notice shown while requests are kept in the browser: see and discard them.',
            ),
        })
        .describe(
          'Words for requests the site could not send (no connection, server error, no answer in 15 s): kept in the visitor’s browser for 7 days and sent when the connection is back.',
        ),
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
      footer: z
        .strictObject({
          tagline: text('The sentence under the logo in the footer.'),
          columns: z
            .array(
              z.strictObject({
                heading: text('Column heading.'),
                links: z.array(link).describe('The links in the column, in order.'),
              }),
            )
            .describe('Columns of links in the footer, left to right.'),
          legal: z.array(link).describe('Links at the very bottom (privacy, terms).'),
        })
        .describe('The footer at the bottom of every page.'),
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
      hero: z
        .strictObject({
          headline: text('The page’s main heading.'),
          lead: text('The sentence under the heading.'),
          action: text(
            'Label of the button that opens the booking dialog, e.g. "Schedule a Demo".',
          ),
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
        .superRefine(uniqueBy('question'))
        .describe('The questions and answers, in the order shown; each question once.'),
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

  testimonials: defineCollection({
    type: 'data',
    source: 'testimonials',
    schema: z.strictObject({
      items: z
        .array(
          z.strictObject({
            text: text('The quote, without quotation marks.'),
            name: text('Who said it.'),
            title: text('Their role and company, e.g. "VP Engineering, Series B fintech".'),
          }),
        )
        .min(1)
        .superRefine(uniqueBy('name'))
        .describe('The testimonials, in the order they are shown.'),
    }),
  }),

  pricing: defineCollection({
    type: 'data',
    source: 'pricing',
    schema: z.strictObject({
      items: z
        .array(
          z.strictObject({
            title: text('The plan’s name, e.g. "On Demand".'),
            price: text('The price as written, e.g. "$250".'),
            unit: text('What the price is for, e.g. "per interview".'),
            note: z
              .string()
              .trim()
              .min(1)
              .optional()
              .describe('A short label such as "5% discount".'),
            features: z.array(text('One feature.')).min(2).describe('What the plan includes.'),
            featured: z.boolean().default(false).describe('Highlight this plan.'),
            action: action.describe('The button on the card.'),
          }),
        )
        .min(1)
        .superRefine(uniqueBy('title'))
        .describe('The plans, left to right.'),
    }),
  }),

  interviewers: defineCollection({
    type: 'data',
    source: 'interviewers',
    schema: z.strictObject({
      items: z
        .array(
          z.strictObject({
            id: z
              .string()
              .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
              .describe('A short unique id, lowercase words joined by hyphens, e.g. "maya-chen".'),
            name: text('Full name.'),
            role: text('Specialism and seniority, e.g. "Staff Backend Engineer".'),
            bio: text('One or two sentences on their experience.'),
            initials: avatarInitials('Shown in the round avatar, e.g. "MC".'),
          }),
        )
        .min(1)
        .superRefine(uniqueBy('id'))
        .describe('The interviewer profiles, in carousel order.'),
    }),
  }),

  leaders: defineCollection({
    type: 'data',
    source: 'leaders',
    schema: z.strictObject({
      items: z
        .array(
          z.strictObject({
            name: text('Full name.'),
            role: text('Their title, e.g. "Co-founder & CEO".'),
            bio: text('Two or three sentences on their background.'),
            initials: avatarInitials('Shown in the round avatar.'),
          }),
        )
        .min(1)
        .superRefine(uniqueBy('name'))
        .describe('The people, in order.'),
    }),
  }),

  expertise: defineCollection({
    type: 'data',
    source: 'expertise',
    schema: z.strictObject({
      items: z
        .array(
          z.strictObject({
            title: text('The area’s name, e.g. "Cloud & DevOps".'),
            description: text('One sentence on what we assess.'),
            icon,
            industry: reference('industries').describe(
              'The industry page this area links to (a file name in content/industries/).',
            ),
          }),
        )
        .min(1)
        .superRefine(uniqueBy('title'))
        .describe('The areas, in grid order.'),
    }),
  }),

  'case-studies': defineCollection({
    type: 'data',
    source: 'case-studies',
    schema: z.strictObject({
      order,
      segment: text('The kind of client, shown as a label: "Startup", "Enterprise"…'),
      icon,
      title: text('The headline of the case.'),
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
    }),
  }),

  guides: defineCollection({
    type: 'data',
    source: 'guides',
    schema: z.strictObject(requestTarget),
  }),

  scorecards: defineCollection({
    type: 'data',
    source: 'scorecards',
    schema: z.strictObject(requestTarget),
  }),
}

export type Collections = typeof collections
export type CollectionName = keyof Collections
export type EntryData<C extends CollectionName> = z.output<Collections[C]['schema']>
export type Section = z.output<typeof section>
export type Action = z.output<typeof action>
export type Link = z.output<typeof link>
