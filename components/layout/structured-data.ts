// schema.org JSON-LD for search engines, built from the same content the page shows. Pure
// functions: the head renders their output, the tests check each type's required fields.

import { telHref } from '../../content/schema/phone.ts'

export type JsonLd = Record<string, unknown> & { '@context': 'https://schema.org'; '@type': string }

export interface SiteFacts {
  name: string
  /** The public origin, without a trailing slash. */
  url: string
  description: string
  phone: string
  email: string
  social: { href: string }[]
}

export interface FaqItem {
  question: string
  answer: string
}

export interface Crumb {
  label: string
  path: string
}

/** A pricing plan as the pricing section shows it. */
export interface PricingPlan {
  title: string
  /** As written on the card, e.g. "$250". */
  price: string
  description?: string
  features?: string[]
}

/** What an article page tells search engines and the social card about itself. */
export interface ArticleFacts {
  /** The author's name. */
  author: string
  /** YYYY-MM-DD */
  publishDate: string
  updatedDate?: string
  tags: string[]
  /** Path of the cover picture, if there is one. */
  image?: string
}

const CONTEXT = 'https://schema.org' as const
const LOGO_PATH = '/icon-512.png'
const organizationId = (site: SiteFacts) => `${site.url}/#organization`

export function organization(site: SiteFacts): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(site),
    name: site.name,
    url: `${site.url}/`,
    logo: `${site.url}${LOGO_PATH}`,
    description: site.description,
    email: site.email,
    sameAs: site.social.map((profile) => profile.href),
    contactPoint: {
      '@type': 'ContactPoint',
      telephone: telHref(site.phone)?.replace(/^tel:/, ''),
      email: site.email,
      contactType: 'sales',
    },
  }
}

export function webSite(site: SiteFacts): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${site.url}/#website`,
    name: site.name,
    url: `${site.url}/`,
    description: site.description,
    publisher: { '@id': organizationId(site) },
  }
}

export function faqPage(items: FaqItem[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

export function breadcrumbList(crumbs: Crumb[], siteUrl: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: siteUrl + crumb.path,
    })),
  }
}

/** An article, with its author, dates and publisher. */
export function article(
  site: SiteFacts,
  page: { title: string; description: string; path: string; image: string },
  facts: ArticleFacts,
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Article',
    headline: page.title,
    description: page.description,
    url: site.url + page.path,
    mainEntityOfPage: site.url + page.path,
    image: [site.url + (facts.image ?? page.image)],
    datePublished: facts.publishDate,
    dateModified: facts.updatedDate ?? facts.publishDate,
    author: [{ '@type': 'Person', name: facts.author }],
    publisher: { '@id': organizationId(site), '@type': 'Organization', name: site.name },
    keywords: facts.tags.join(', '),
  }
}

const CURRENCIES: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' }

/** "$250", "$1,200 per interview" → { price: "250", currency: "USD" }. */
export function parsePrice(text: string): { price: string; currency: string } {
  const match = /([$€£])\s*(\d[\d,]*(?:\.\d+)?)/.exec(text)
  if (!match) throw new Error(`price "${text}" has no amount with a currency sign ($, €, £)`)
  return { price: match[2]!.replace(/,/g, ''), currency: CURRENCIES[match[1]!]! }
}

/** The service a pricing section sells, with one Offer per plan. */
export function serviceWithOffers(
  site: SiteFacts,
  service: { name: string; description: string; path: string; plans: PricingPlan[] },
): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Service',
    name: service.name,
    description: service.description,
    serviceType: service.name,
    url: site.url + service.path,
    provider: { '@id': organizationId(site), '@type': 'Organization', name: site.name },
    offers: service.plans.map((plan) => {
      const { price, currency } = parsePrice(plan.price)
      const description = [plan.description, ...(plan.features ?? [])].filter(Boolean).join('. ')
      return {
        '@type': 'Offer',
        name: plan.title,
        price,
        priceCurrency: currency,
        ...(description ? { description } : {}),
        url: site.url + service.path,
      }
    }),
  }
}

/**
 * The trail for a page: its own breadcrumbs when it shows them (legal pages), else for a nested
 * path (/services/system-design) home, each ancestor that is itself a page, and the page.
 */
export function breadcrumbTrail(
  path: string,
  routes: { path: string; title: string }[],
  home: string,
  title: string,
): Crumb[] | undefined {
  const segments = path.split('/').filter(Boolean)
  if (segments.length < 2) return undefined
  const ancestors = segments
    .slice(0, -1)
    .map((_, index) => '/' + segments.slice(0, index + 1).join('/'))
    .flatMap((ancestor) => {
      const route = routes.find((candidate) => candidate.path === ancestor)
      return route ? [{ label: route.title, path: route.path }] : []
    })
  return [{ label: home, path: '/' }, ...ancestors, { label: title, path }]
}

/** The FAQ items of a page's sections (every section of type "faq", with its entry picked). */
export function faqItemsOf(sections: { type: string }[]): FaqItem[] {
  return sections.flatMap((section) =>
    section.type === 'faq' && 'entry' in section
      ? (section.entry as { items: FaqItem[] }).items
      : [],
  )
}

/** A JSON-LD block for a <script type="application/ld+json">, safe inside HTML. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
}
