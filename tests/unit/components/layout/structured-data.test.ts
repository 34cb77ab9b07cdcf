import { parseDocument } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { readSource } from '../../../../builder/content/source.ts'
import {
  article,
  breadcrumbList,
  breadcrumbTrail,
  faqItemsOf,
  faqPage,
  organization,
  parsePrice,
  serializeJsonLd,
  serviceWithOffers,
  webSite,
} from '../../../../components/layout/structured-data.ts'

const site = {
  name: 'Panelwise',
  url: 'https://panelwise.dev',
  description: 'Human-led technical interviews.',
  phone: '(305) 555-0142',
  email: 'hello@panelwise.dev',
  social: [{ href: 'https://www.linkedin.com/company/panelwise' }],
}

// The plans as the pricing cards show them (spec, section 9).
const plans = [
  { title: 'On Demand', price: '$250', features: ['Per interview', 'Same-day turnaround'] },
  { title: '10-20 Interviews', price: '$210', description: '5% discount' },
  { title: '30+ Interviews', price: '$200', description: '20% discount' },
]

describe('structured data', () => {
  it('describes the organization with its logo, profiles and phone', () => {
    const data = organization(site)
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Panelwise',
      url: 'https://panelwise.dev/',
      logo: 'https://panelwise.dev/icon-512.png',
      sameAs: ['https://www.linkedin.com/company/panelwise'],
      contactPoint: { '@type': 'ContactPoint', telephone: '+13055550142' },
    })
    expect(webSite(site)).toMatchObject({ '@type': 'WebSite', url: 'https://panelwise.dev/' })
  })

  it('turns FAQ items into questions with accepted answers', () => {
    const data = faqPage([{ question: 'How long?', answer: '60 minutes.' }])
    expect(data.mainEntity).toEqual([
      {
        '@type': 'Question',
        name: 'How long?',
        acceptedAnswer: { '@type': 'Answer', text: '60 minutes.' },
      },
    ])
  })

  it('collects the items of every FAQ section and nothing else', () => {
    const sections = [
      { type: 'hero', headline: 'x' },
      { type: 'faq', faq: 'a', entry: { title: 'A', items: [{ question: 'q1', answer: 'a1' }] } },
      { type: 'faq', faq: 'b', entry: { title: 'B', items: [{ question: 'q2', answer: 'a2' }] } },
    ]
    expect(faqItemsOf(sections).map((item) => item.question)).toEqual(['q1', 'q2'])
  })

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    const data = breadcrumbList(
      [
        { label: 'Home', path: '/' },
        { label: 'Terms of Service', path: '/terms-of-service' },
      ],
      site.url,
    )
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://panelwise.dev/' },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Terms of Service',
        item: 'https://panelwise.dev/terms-of-service',
      },
    ])
  })

  it('derives the trail of a nested page from the route table, skipping folders without a page', () => {
    const routes = [
      { path: '/', title: 'Home page' },
      { path: '/services', title: 'Services' },
      { path: '/services/system-design', title: 'System Design' },
    ]
    expect(breadcrumbTrail('/services/system-design', routes, 'Home', 'System Design')).toEqual([
      { label: 'Home', path: '/' },
      { label: 'Services', path: '/services' },
      { label: 'System Design', path: '/services/system-design' },
    ])
    expect(breadcrumbTrail('/industries/ai-ml', routes, 'Home', 'AI')).toEqual([
      { label: 'Home', path: '/' },
      { label: 'AI', path: '/industries/ai-ml' },
    ])
    expect(breadcrumbTrail('/services', routes, 'Home', 'Services')).toBeUndefined()
  })

  it('reads prices as written on the cards', () => {
    expect(parsePrice('$250')).toEqual({ price: '250', currency: 'USD' })
    expect(parsePrice('$1,200 per interview')).toEqual({ price: '1200', currency: 'USD' })
    expect(parsePrice('€99.50')).toEqual({ price: '99.50', currency: 'EUR' })
    expect(() => parsePrice('Contact us')).toThrow(/no amount/)
  })

  it('sells the service with one Offer per pricing plan', () => {
    const data = serviceWithOffers(site, {
      name: 'Technical interviews',
      description: 'Interviews by senior engineers.',
      path: '/',
      plans,
    })
    expect(data).toMatchObject({
      '@type': 'Service',
      name: 'Technical interviews',
      provider: { '@id': 'https://panelwise.dev/#organization' },
    })
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'On Demand',
        price: '250',
        priceCurrency: 'USD',
        description: 'Per interview. Same-day turnaround',
        url: 'https://panelwise.dev/',
      },
      {
        '@type': 'Offer',
        name: '10-20 Interviews',
        price: '210',
        priceCurrency: 'USD',
        description: '5% discount',
        url: 'https://panelwise.dev/',
      },
      {
        '@type': 'Offer',
        name: '30+ Interviews',
        price: '200',
        priceCurrency: 'USD',
        description: '20% discount',
        url: 'https://panelwise.dev/',
      },
    ])
  })

  it('serializes without anything that could close the script element', () => {
    const text = serializeJsonLd(faqPage([{ question: '</script><b>', answer: 'a & b' }]))
    expect(text).not.toMatch(/[<>&]/)
    expect(JSON.parse(text).mainEntity[0].name).toBe('</script><b>')
  })
})

// A writer's frontmatter is data (issue 75): a title written to close the JSON-LD's script
// element and open another stays the article's headline, as text, in the one script element.
describe('frontmatter written to break out of the JSON-LD', () => {
  const title = '</script><script>alert(1)</script>'
  const description = 'A & b <!-- c --> </SCRIPT >'
  const text = [
    '---',
    `title: '${title}'`,
    `description: '${description}'`,
    'publishDate: 2026-01-05',
    'author: aisha-bello',
    'tags:',
    "  - '</script><img src=x onerror=alert(1)>'",
    '---',
    '',
    'Some words.',
    '',
  ].join('\n')

  it('stays text in the page’s one ld+json script', () => {
    const { data } = readSource('content/articles/breakout.mdx', text) as {
      data: { title: string; description: string; publishDate: string; tags: string[] }
    }
    expect(data.title).toBe(title)
    const block = serializeJsonLd(
      article(
        { ...site, url: 'https://panelwise.dev' },
        { ...data, path: '/resources/articles/breakout', image: '/og.png' },
        { author: 'Aisha Bello', publishDate: data.publishDate, tags: data.tags },
      ),
    )
    const html = `<head><script type="application/ld+json">${block}</script></head>`
    const scripts = parseDocument(html).children.flatMap((node) =>
      'children' in node ? node.children.filter((child) => 'name' in child) : [],
    )
    expect(scripts.map((node) => ('name' in node ? node.name : ''))).toEqual(['script'])
    const parsed = JSON.parse(block) as { headline: string; description: string; keywords: string }
    expect(parsed.headline).toBe(title)
    expect(parsed.description).toBe(description)
    expect(parsed.keywords).toBe(data.tags[0])
  })
})
