// The site collection: content/site.yaml, the company's facts, navigation, footer and the small
// words the interface needs on every page.
import { z } from 'zod'
import { uniqueBy } from './collection.ts'
import { telHref } from './phone.ts'
import { fieldWords, httpsUrl, link, optionalText, seo, text, toastWords } from './fields.ts'

/** A field of the request dialog: its label, and sample text if the field wants one. */
const requestField = fieldWords(
  'The field’s label.',
  optionalText('Sample text in the empty field.'),
)

/** Whether `timeZone` is an IANA time zone this Node.js knows, e.g. "America/New_York". */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return true
  } catch {
    return false
  }
}

export const siteSchema = z.strictObject({
  name: text('The company name, used in titles, the logo and structured data.'),
  url: httpsUrl().describe('The public address of the site; canonical URLs start with it.'),
  titleTemplate: z
    .string()
    .includes('%s', { message: 'must contain %s where the page title goes' })
    .describe('How page titles are shown, e.g. "%s | Company".'),
  description: seo.description,
  phone: z
    .string()
    .trim()
    .refine((phone) => telHref(phone) !== undefined, {
      message:
        'must be a phone number: +, the country code and the number (e.g. "+44 20 7946 0018"), or a North American number of 10 digits (e.g. "(305) 555-0142")',
    })
    .describe(
      'The phone number as visitors should read it, e.g. "(305) 555-0142"; its tel: link is made from it (+1 is added to a 10-digit number written without +).',
    ),
  email: z.email().describe('The address for e-mail enquiries.'),
  location: text('Where the company is based.'),
  hours: text('Business hours as shown on the contact page.'),
  timeZone: z
    .string()
    .refine(isTimeZone, 'must be a time zone name such as "America/New_York" (IANA, region/city)')
    .describe(
      'The company’s time zone, e.g. "America/New_York": an article dated in the future is published on that day here.',
    ),
  social: z
    .array(
      z.strictObject({
        label: text('The network’s name, read aloud by screen readers.'),
        href: httpsUrl().describe('The full address of the company’s profile on that network.'),
        icon: z
          .enum(['linkedin', 'twitter', 'github', 'youtube'])
          .describe('Which network’s logo to show.'),
      }),
    )
    .default([])
    .describe('Links to the company’s social profiles, shown as icons.'),
  scheduler: z
    .strictObject({
      url: httpsUrl().describe('The embedded booking page for a 30-minute call.'),
      title: text('The accessible title of the booking frame.'),
      loading: text('Shown in the booking dialog until the booking page has loaded.'),
      unavailable: text(
        'Shown in the booking dialog when the booking page has not loaded within a few seconds (blocked, offline, down), e.g. "The booking calendar could not be loaded."',
      ),
      openInNewTab: text(
        'The link that opens the booking page in a new tab, shown with that sentence.',
      ),
      reachUs: text(
        'Words before the company’s e-mail and phone, shown with that sentence, e.g. "Or reach us directly:".',
      ),
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
  search: z
    .strictObject({
      open: text('Label of the search button in the top bar and the small-screen menu.'),
      title: text('The search dialog’s title, read by screen readers, e.g. "Search the site".'),
      label: text('Label of the search field.'),
      placeholder: text('Sample text in the empty search field.'),
      hint: text('Line under an empty field saying what can be searched.'),
      searching: text('Status while results load, e.g. "Searching…".'),
      results: text('Status when there are results; {count} becomes their number.'),
      oneResult: text('Status when there is exactly one result.'),
      noResults: text('Status when nothing matches; {query} becomes what was typed.'),
      noResultsHelp: text('Advice under “no results”, e.g. to try other words.'),
      failed: text('Status when the search could not load (offline, for instance).'),
    })
    .describe('The site search: its button and dialog.'),
  theme: z
    .strictObject({
      label: text('Name of the colour theme control, e.g. "Theme".'),
      light: text('The light theme option.'),
      dark: text('The dark theme option.'),
      system: text('The option that follows the device’s setting.'),
    })
    .describe('The light/dark/system control in the top bar and the small-screen menu.'),
  requests: z
    .strictObject({
      description: text(
        'Sentence at the top of the dialog; {title} becomes the guide or scorecard.',
      ),
      fields: z
        .strictObject({
          name: requestField.describe('The name field (required).'),
          email: requestField.describe('The e-mail field (required).'),
          phone: requestField.describe('The phone field (optional).'),
          company: requestField.describe('The company field (optional).'),
          message: requestField.describe('The message field (optional, three lines).'),
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
      failure: toastWords.describe('The toast when a request could not be sent.'),
    })
    .describe('The dialog behind every "Request Guide" and "Request Scorecard" button.'),
  keptRequests: z
    .strictObject({
      message: text(
        'Sentence added after the contact form’s failure toast (its title and text stay the spec’s) when the message is kept in this browser: it is not lost, and when it is sent.',
      ),
      request: text(
        'Sentence added after the request dialog’s failure toast (its title and text stay the spec’s) when the request is kept in this browser: it is not lost, and when it is sent.',
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
  preview: z
    .strictObject({
      notice: text(
        'Line under each form of a preview build, e.g. "Preview: this form sends nothing."',
      ),
      title: text('Title of the toast after a form of a preview build is submitted.'),
      description: text('Toast text saying that this is a preview and nothing was sent.'),
    })
    .describe(
      'Words shown only in a pull request’s preview build (SITE_PREVIEW=true), never on the published site: its forms go to a stub that sends nothing.',
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
  lists: z
    .strictObject({
      'article-list': z
        .strictObject({
          ...seo,
          headline: text('The heading of the list page.'),
          lead: text('The sentence under the heading.'),
          page: text('The word before a page number, e.g. "page" in "Articles, page 2".'),
        })
        .describe('The articles list at /resources/articles (twelve a page, newest first).'),
    })
    .describe('Pages that list a collection, a page at a time.'),
  articles: z
    .strictObject({
      minutesRead: text('Reading time; {minutes} is filled in, e.g. "{minutes} min read".'),
      by: text('Word before the author’s name, e.g. "By".'),
      published: text('Words before the publish date, e.g. "Published".'),
      updated: text('Words before the updated date, e.g. "Updated".'),
      tags: text('Name of the list of an article’s tags, read by screen readers.'),
      onThisPage: text('Heading of an article’s table of contents.'),
      previous: text('Label of the link to the previous (older) article.'),
      next: text('Label of the link to the next (newer) article.'),
      related: text('Heading of the related articles.'),
      tagged: text('Heading of a tag page; {tag} is filled in.'),
      pagination: text('Name of the page-number navigation, read by screen readers.'),
      newer: text('Link to the previous page of the list (newer articles).'),
      older: text('Link to the next page of the list (older articles).'),
      pageOf: text('Where a list page stands; {page} and {pages} are filled in.'),
      anchor: text(
        'Name of a heading’s anchor link, read by screen readers; {heading} is filled in.',
      ),
      feed: text(
        'Title of the RSS feed (/rss.xml), which carries the newest articles in full (how many: FEED_ITEMS in site/routes.ts).',
      ),
      table: text(
        'Name of a table in an article, read by screen readers (it may scroll sideways).',
      ),
      cta: z
        .strictObject({
          heading: text('Heading of the box at the end of every article.'),
          lead: text('Sentence under it.'),
          label: text('Words on its button, which opens the booking dialog.'),
        })
        .describe('The booking call to action at the end of every article.'),
    })
    .describe('Words of the article pages, lists and tag pages.'),
  caseStudies: z
    .strictObject({
      readMore: text(
        'Link from a case-study card to its page (screen readers hear the title too).',
      ),
      all: link.describe('The link from a case-study page back to all case studies.'),
    })
    .describe('Words of the case-study pages.'),
})
