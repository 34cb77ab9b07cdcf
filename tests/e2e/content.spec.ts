// The counts and constants of the spec (§2, §3, §9), asserted on the built HTML: the spec's values
// from tests/spec-constants.ts (which checks content/ against the spec), what it leaves open (the
// phone, the industries, the ids) from content/.
import { expect, test, type Page } from '@playwright/test'
import { expectedRoutes } from '../../builder/content/route-table.ts'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { specValue } from '../spec-constants.ts'
import { answerAsHostWithoutRules } from './built-site.ts'
import path from 'node:path'

const routes = await expectedRoutes()
const routePaths = routes.map((route) => route.path)

const GUIDE_IDS = [
  'complete-guide',
  'system-design',
  'frontend-evaluation',
  'behavioral-interviewing',
  'coding-challenge',
  'ml-engineering',
  'remote-interviewing',
]
const SCORECARD_IDS = [
  'software-engineer',
  'frontend-developer',
  'backend-engineer',
  'devops-engineer',
  'ml-engineer',
  'mobile-developer',
  'tech-lead',
]
const content = (await loadContent(path.resolve(import.meta.dirname, '../..'), collections)).entries
const site = (content.get('site') as { data: EntryData<'site'> }[])[0]!.data
/** Every industry page content has, a new file included. */
const INDUSTRIES = routes
  .filter((route) => route.collection === 'industries')
  .map((route) => route.id)
const FAQ_QUESTIONS = specValue('every FAQ set: five questions')

const faqQuestions = (page: Page, id = 'faq') => page.locator(`#${id} details`)
const booking = (page: Page, name: string) =>
  page.locator('main [data-opens="booking"]', { hasText: name })

test(`every route of §2.1 exists, plus all ${INDUSTRIES.length} industry pages`, () => {
  for (const route of [
    '/',
    '/services',
    '/services/system-design',
    '/process',
    '/contact',
    '/about',
    '/startups',
    '/resources/case-studies',
    '/resources/guides',
    '/resources/interview-scorecards',
    '/linkedin',
    '/privacy-policy',
    '/terms-of-service',
    ...INDUSTRIES.map((id) => `/industries/${id}`),
  ])
    expect(routePaths).toContain(route)
  expect(INDUSTRIES).toEqual(
    expect.arrayContaining([...specValue('the six industries the spec names').mentions]),
  )
})

test('home: sections in order, stats, 9 expertise areas, 3 testimonials, 3 plans, 5 FAQs', async ({
  page,
}) => {
  await page.goto('/')
  const ids = await page
    .locator('main > section[id]')
    .evaluateAll((sections) => sections.map((section) => section.id))
  expect(ids).toEqual([
    'hero',
    'services',
    'network',
    'expertise',
    'benefits',
    'testimonials',
    'pricing',
    'faq',
  ])
  await expect(page.getByText("Your Engineering Team's Interview Partner")).toBeVisible()
  await expect(booking(page, 'Book a Call').first()).toBeVisible()
  for (const title of specValue('home: the three service cards'))
    await expect(page.locator('#services h3', { hasText: title })).toBeVisible()
  for (const value of ['200+', '35+', '12+', '98%'])
    await expect(page.locator('#network dd', { hasText: value })).toBeVisible()
  await expect(page.locator('#network a', { hasText: 'Meet Our Engineers' })).toBeVisible()

  const areas = page.locator('#expertise li')
  await expect(areas).toHaveCount(specValue('the nine areas of expertise').length)
  const areaLinks = await page
    .locator('#expertise li a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  for (const href of areaLinks) expect(routePaths).toContain(href)
  for (const title of specValue('home: the benefit tiles'))
    await expect(page.locator('#benefits h3', { hasText: title })).toBeVisible()

  await expect(page.locator('[data-testimonials] [aria-roledescription="slide"]')).toHaveCount(
    specValue('home: three testimonials'),
  )
  await expect(page.locator('[data-plan]')).toHaveCount(specValue('their prices').length)
  await expect(page.locator('[data-plan] [data-price]')).toHaveText([...specValue('their prices')])
  const [, discount, bulkDiscount] = specValue('their notes: turnaround and discounts')
  await expect(page.locator('[data-plan]').nth(1)).toContainText(discount)
  await expect(page.locator('[data-plan]').nth(1)).toContainText('Most popular')
  await expect(page.locator('[data-plan]').nth(2)).toContainText(bulkDiscount)
  for (const button of await page.locator('[data-plan] a').all())
    await expect(button).toHaveAttribute('href', '/contact')
  await expect(faqQuestions(page)).toHaveCount(FAQ_QUESTIONS)
})

test('every footer link lands on a page and, for anchors, on a section with that id', async ({
  page,
  request,
}) => {
  await page.goto('/about')
  const hrefs = await page
    .locator('footer a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
  for (const quick of ['/#services', '/process#process', '/#benefits', '/#faq'])
    expect(hrefs).toContain(quick)
  for (const href of hrefs) {
    const [pathname, anchor] = href.split('#')
    expect(routePaths, href).toContain(pathname)
    if (!anchor) continue
    const html = await (await request.get(pathname!)).text()
    expect(html, href).toContain(`id="${anchor}"`)
  }
})

test('the logo links home, and on the home page scrolls to the top', async ({ page }) => {
  await page.goto('/about')
  await expect(page.locator('header a').first()).toHaveAttribute('href', '/')
  await page.goto('/')
  await page.mouse.wheel(0, 3000)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
  await page.locator('header a').first().click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page).toHaveURL(/\/#top$/)
})

test('navigation: Industries and Resources menus, then Process, Startups, About Us, Contact Us', async ({
  request,
}) => {
  const html = await (await request.get('/')).text()
  for (const id of specValue('the six industries the spec names').mentions)
    expect(html).toContain(`/industries/${id}`)
  for (const href of [
    '/resources/case-studies',
    '/resources/guides',
    '/resources/interview-scorecards',
    '/resources/articles',
  ])
    expect(html).toContain(`href="${href}"`)
})

for (const id of INDUSTRIES) {
  test(`/industries/${id}: hero with Schedule a Demo, 8-15 roles, consultation, five-question FAQ`, async ({
    page,
  }) => {
    await page.goto(`/industries/${id}`)
    await expect(booking(page, 'Schedule a Demo')).toHaveCount(1)
    await expect(booking(page, 'Schedule a Consultation')).toHaveCount(1)
    const roles = await page.locator('section[aria-labelledby="roles-heading"] li').count()
    expect(roles).toBeGreaterThanOrEqual(8)
    expect(roles).toBeLessThanOrEqual(15)
    await expect(faqQuestions(page)).toHaveCount(FAQ_QUESTIONS)
  })
}

test('services: team, 9 areas with Learn more links, two offerings with §9 figures', async ({
  page,
}) => {
  await page.goto('/services')
  await expect(page.getByText('200+ specialists, averaging 8+ years')).toBeVisible()
  const learnMore = page.locator('#areas a', { hasText: 'Learn more' })
  await expect(learnMore).toHaveCount(specValue('the nine areas of expertise').length)
  const offerings = page.locator('#offerings li h3')
  await expect(offerings).toHaveText([...specValue('the two service offerings')])
  for (const fact of [
    ...specValue('Technical Screening: length and price'),
    ...specValue('Comprehensive Assessment: length and price'),
  ])
    await expect(page.locator('#offerings').getByText(fact, { exact: true })).toBeVisible()
})

test('system design: 6 dimensions, 4 timed steps, 4 tagged questions, §9 figures', async ({
  page,
}) => {
  await page.goto('/services/system-design')
  await expect(page.locator('#dimensions li')).toHaveCount(
    specValue('system design: six dimensions'),
  )
  await expect(page.locator('#interview-process ol > li')).toHaveCount(4)
  for (const duration of specValue('system design: the four steps’ durations'))
    await expect(page.locator('#interview-process').getByText(duration)).toBeVisible()
  await expect(page.locator('#sample-questions > div > div > ul > li')).toHaveCount(
    specValue('system design: four sample questions'),
  )
  for (const claim of specValue('system design: experience, success rate, interviews').mentions)
    await expect(page.locator('main').getByText(claim).first()).toBeVisible()
})

test('process: four steps, four comparison rows, Real Engineers panel, five FAQs', async ({
  page,
}) => {
  await page.goto('/process')
  await expect(page.locator('#process ol > li h3')).toHaveText([
    ...specValue('the process page’s four steps'),
  ])
  await expect(page.locator('[data-comparison] tbody tr')).toHaveCount(4)
  await expect(page.locator('#real-engineers')).toBeVisible()
  await expect(faqQuestions(page)).toHaveCount(FAQ_QUESTIONS)
  await expect(booking(page, 'Schedule a Consultation').first()).toBeVisible()
})

test('about: 3 leaders, 18 interviewer profiles, "About Us FAQ" with its subtitle, booking CTA', async ({
  page,
}) => {
  await page.goto('/about')
  await expect(page.locator('[data-leaders] > li')).toHaveCount(specValue('about: three leaders'))
  const profiles = page.locator('[data-interviewers] [aria-roledescription="slide"]')
  await expect(profiles).toHaveCount(specValue('about: 18 interviewer profiles'))
  for (const profile of await profiles.all()) {
    await expect(profile.locator('h3')).not.toBeEmpty()
    await expect(profile.locator('[aria-hidden="true"]')).toHaveText(/^[A-Z]{2,3}$/)
  }
  await expect(page.locator('#faq h2')).toHaveText(specValue('about: the FAQ’s title'))
  await expect(page.getByText(specValue('about: the FAQ’s subtitle'))).toBeVisible()
  await expect(faqQuestions(page)).toHaveCount(FAQ_QUESTIONS)
  await expect(booking(page, 'Book a Call')).toHaveCount(1)
})

test('startups: hero, 3 challenges, 4 benefits, CTA links to /contact and /process', async ({
  page,
}) => {
  await page.goto('/startups')
  await expect(page.locator('h1')).toHaveText(specValue('startups: the hero'))
  await expect(page.locator('main a', { hasText: 'Schedule a Consultation' })).toHaveAttribute(
    'href',
    '/contact',
  )
  await expect(page.locator('#challenges li')).toHaveCount(specValue('startups: three challenges'))
  await expect(page.locator('#startup-benefits > div > div > ul > li')).toHaveCount(
    specValue('startups: four benefits'),
  )
  await expect(page.locator('main a', { hasText: 'Get Started Today' })).toHaveAttribute(
    'href',
    '/contact',
  )
  await expect(page.locator('main a', { hasText: 'Learn About Our Process' })).toHaveAttribute(
    'href',
    '/process',
  )
})

test('case studies: 4 cases, Contact Us opens booking, Our Process link, FAQ', async ({ page }) => {
  await page.goto('/resources/case-studies')
  await expect(page.locator('[data-case-studies] > li')).toHaveCount(specValue('four case studies'))
  await expect(booking(page, 'Contact Us')).toHaveCount(1)
  await expect(page.locator('main a', { hasText: 'Our Process' })).toHaveAttribute(
    'href',
    '/process',
  )
  await expect(faqQuestions(page)).toHaveCount(FAQ_QUESTIONS)
})

for (const [kind, route, ids, label, subject] of [
  ['guide', '/resources/guides', GUIDE_IDS, 'Request Guide', 'Guide Request'],
  [
    'scorecard',
    '/resources/interview-scorecards',
    SCORECARD_IDS,
    'Request Scorecard',
    'Scorecard Request',
  ],
] as const) {
  test(`${route}: the ${ids.length} ${kind}s of §3, featured first, each with ${label}`, async ({
    page,
  }) => {
    await page.goto(route)
    const cards = page.locator(`[data-request-card="${kind}"]`)
    expect(await cards.evaluateAll((found) => found.map((card) => card.id))).toEqual(ids)
    for (const card of await cards.all())
      await expect(card.getByRole('button', { name: new RegExp(`^${label} ?: \\S`) })).toBeVisible()
    // Without JavaScript each card offers an e-mail with the request as its subject instead.
    const html = await (await page.request.get(route)).text()
    const subjects = [...html.matchAll(/href="mailto:hello@panelwise\.dev\?subject=([^"]+)"/g)].map(
      (match) => decodeURIComponent(match[1]!),
    )
    expect(subjects).toHaveLength(ids.length)
    for (const line of subjects) expect(line).toMatch(new RegExp(`^${subject}: \\S`))
    await expect(faqQuestions(page)).toHaveCount(FAQ_QUESTIONS)
    await expect(booking(page, 'Book a Call').first()).toBeVisible()
  })
}

test('contact: one #contact section, details, three social links, the four-field form', async ({
  page,
}) => {
  await page.goto('/contact')
  await expect(page.locator('main > section')).toHaveCount(1)
  await expect(page.locator('main > section')).toHaveAttribute('id', 'contact')
  await expect(page.locator('h1')).toHaveText(specValue('contact: the heading'))
  for (const label of ['Call Us', 'Location', 'Business Hours'])
    await expect(page.locator('#contact li p', { hasText: label })).toBeVisible()
  await expect(page.getByText(site.phone).first()).toBeVisible()
  await expect(page.locator('#contact a[aria-label][target="_blank"]')).toHaveCount(3)
  const form = page.locator('#contact form')
  await expect(form.getByLabel('Name')).toHaveAttribute('required', '')
  await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email')
  await expect(form.getByLabel('Phone Number')).not.toHaveAttribute('required', '')
  // Spec §5: a sample name, a sample e-mail and a sample phone format.
  await expect(form.getByLabel('Name')).toHaveAttribute(
    'placeholder',
    /^\p{Lu}\p{L}+ \p{Lu}\p{L}+$/u,
  )
  await expect(form.getByLabel('Email')).toHaveAttribute('placeholder', /^[^@\s]+@[^@\s]+\.\w{2,}$/)
  await expect(form.getByLabel('Phone Number')).toHaveAttribute('placeholder', /^[\d()+ -]{7,}$/)
  const message = form.getByLabel('Message')
  await expect(message).toHaveAttribute('placeholder', 'Tell us about your needs...')
  expect(await message.evaluate((node) => getComputedStyle(node).minHeight)).toBe('150px')
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible()
})

test('linkedin: five benefits, the exclusive offer, a testimonial, three booking buttons', async ({
  page,
}) => {
  await page.goto('/linkedin')
  await expect(page.locator('#why-panelwise li')).toHaveCount(
    specValue('linkedin: five benefit points'),
  )
  for (const point of specValue('linkedin: the exclusive offer'))
    await expect(page.locator('#offer').getByText(point)).toBeVisible()
  await expect(page.locator('[data-testimonials] > li')).toHaveCount(
    specValue('linkedin: one testimonial'),
  )
  for (const name of [
    'Book Your Free Consultation',
    'Claim Your LinkedIn Offer',
    'Schedule Your Free Consultation',
  ])
    await expect(booking(page, name)).toHaveCount(1)
})

test.describe('route guard', () => {
  test('the local server redirects per §2.2 and answers unknown paths with 404', async ({
    request,
  }) => {
    const cases: [string, number, string | null][] = [
      ['/www.example.com/page', 302, '/'],
      ['/l.php?u=https%3A%2F%2Fexample.com', 302, '/'],
      ['/sharer/sharer.php', 302, '/'],
      ['/old-page?fbclid=IwAR0abc', 302, '/'],
      ['/services/unknown', 302, '/services'],
      ['/industries/ai-ml/roles/extra', 302, '/industries/ai-ml'],
      ['/About', 301, '/about'],
      ['/no-such-page', 404, null],
      ['/industries/quantum', 404, null],
    ]
    for (const [url, status, location] of cases) {
      const response = await request.get(url, { maxRedirects: 0 })
      expect(response.status(), url).toBe(status)
      const sent = response.headers()['location']
      expect(sent === undefined ? null : new URL(sent, 'http://host').pathname, url).toBe(location)
      // A 302 notes where the visitor came from, for the landing page's console.
      if (status === 302)
        expect(new URL(sent!, 'http://host').searchParams.get('redirected_from'), url).toBe(
          new URL(url, 'http://host').pathname,
        )
    }
    const shared = await request.get('/about?fbclid=IwAR0abc', { maxRedirects: 0 })
    expect(shared.status()).toBe(200)
  })

  test('on a static host serving 404.html, the page script redirects, replacing history', async ({
    page,
  }) => {
    await answerAsHostWithoutRules(page, '**/www.example.com/**', '**/services/not-a-page')
    const logged: string[] = []
    page.on('console', (message) => logged.push(message.text()))

    await page.goto('/about')
    await page.goto('/www.example.com/page')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('h1')).toHaveText('Technical Expertise Verified')
    expect(logged.some((line) => line.includes('/www.example.com/page'))).toBe(true)
    await page.goBack()
    await expect(page).toHaveURL(/\/about$/)

    await page.goto('/services/not-a-page')
    await expect(page).toHaveURL(/\/services$/)
  })
})
