// The site built under a sub-path, as a pull request's preview is published (npm run
// test:subpath builds it): every address under the base, the route guard on the server and in the
// not-found page, the page script, the search index, the preview's forms, which send nothing,
// and an article whose headings spell the page's own ids (FIXTURE_ARTICLE, built only here).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { PAGE_SCRIPT_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { FIXTURE_ARTICLE, SUBPATH_BASE, SUBPATH_DIST } from '../harness/subpath-build.ts'
import {
  allIslandsHydrated,
  collectConsole,
  collectErrors,
  collectRequests,
  startContactForm,
  stubScheduler,
} from '../e2e/helpers.ts'
import { ADA } from '../e2e/prospect.ts'

const root = path.resolve(import.meta.dirname, '../..')
const clientDir = path.join(root, SUBPATH_DIST, 'client')
const site = (
  (await loadContent(root, collections)).entries.get('site') as { data: EntryData<'site'> }[]
)[0]!.data
const at = (address: string) => SUBPATH_BASE + address.replace(/^\//, '')

test('every address of a page is under the base, and its page script starts', async ({ page }) => {
  const errors = collectErrors(page)
  const outside = collectRequests(
    page,
    (request) =>
      new URL(request.url()).origin === new URL(page.url() || 'http://x').origin &&
      !new URL(request.url()).pathname.startsWith(SUBPATH_BASE),
  )
  await page.goto(at('/'))
  const script = await page
    .locator(`script[${PAGE_SCRIPT_ATTRIBUTE}]`)
    .getAttribute(PAGE_SCRIPT_ATTRIBUTE)
  expect(script).toMatch(new RegExp(`^${SUBPATH_BASE}assets/entries/start-islands\\.`))
  await allIslandsHydrated(page)
  const addresses = await page
    .locator('[href^="/"], [src^="/"]')
    .evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('href') ?? element.getAttribute('src')),
    )
  expect(addresses.length).toBeGreaterThan(20)
  expect(addresses.filter((address) => !address?.startsWith(SUBPATH_BASE))).toEqual([])
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
  expect(canonical).toMatch(new RegExp(`^https://[^/]+${SUBPATH_BASE}$`))
  const card = await page.locator('meta[property="og:image"]').getAttribute('content')
  expect(card).toMatch(new RegExp(`^https://[^/]+${SUBPATH_BASE}social-cards/index\\.png$`))
  expect(outside).toEqual([])
  expect(errors).toEqual([])
})

test('the server redirects as the guard does, under the base, and the page names it', async ({
  page,
}) => {
  const warnings = collectConsole(page, 'warning')
  await page.goto(at('/process/unknown-step'))
  await expect(page).toHaveURL(new RegExp(`${SUBPATH_BASE}process$`))
  await expect
    .poll(() => warnings)
    .toContain(
      `Route guard: ${at('/process/unknown-step')} does not exist; redirected to ${at('/process')}`,
    )
})

test('the not-found page redirects as the guard does on a host without rules', async ({ page }) => {
  const body = await readFile(path.join(clientDir, '404.html'), 'utf8')
  await page.route(`**${at('/process/unknown-step')}`, (route) =>
    route.fulfill({ status: 404, contentType: 'text/html', body }),
  )
  await page.goto(at('/process/unknown-step'))
  // The guard runs once the not-found page's island has started: on a busy machine, seconds.
  await expect(page).toHaveURL(new RegExp(`${SUBPATH_BASE}process$`), { timeout: 30_000 })
})

test('the hosting files send addresses below the base', async () => {
  const redirects = await readFile(path.join(clientDir, '_redirects'), 'utf8')
  expect(redirects).toContain(`${at('/l.php')} ${at('/')}?redirected_from=${at('/l.php')} 302`)
  const headers = await readFile(path.join(clientDir, '_headers'), 'utf8')
  expect(headers.startsWith(`${SUBPATH_BASE}*\n`)).toBe(true)
  const sitemap = await readFile(path.join(clientDir, 'sitemap.xml'), 'utf8')
  expect(sitemap).toMatch(new RegExp(`<loc>https://[^<]+${SUBPATH_BASE}about</loc>`))
})

const searchDialog = (page: Page) => page.getByRole('dialog', { name: site.search.title })

test('the search index is fetched from under the base and links there', async ({ page }) => {
  const pagefind = collectRequests(page, (request) => request.url().includes('/pagefind/'))
  await page.goto(at('/about'))
  await allIslandsHydrated(page)
  await page.getByRole('banner').getByRole('button', { name: site.search.open }).first().click()
  await searchDialog(page).getByRole('combobox', { name: site.search.label }).fill('system design')
  const found = searchDialog(page).getByRole('option')
  await expect(found.first()).toBeVisible()
  const hrefs = await found.evaluateAll((options) =>
    options.map((option) => option.getAttribute('href')),
  )
  expect(hrefs.filter((href) => !href?.startsWith(SUBPATH_BASE))).toEqual([])
  expect(pagefind.length).toBeGreaterThan(1)
  expect(
    pagefind.filter((url) => !new URL(url).pathname.startsWith(`${SUBPATH_BASE}pagefind/`)),
  ).toEqual([])
  const opened = page.waitForResponse((response) => response.url().endsWith(hrefs[0]!))
  await found.first().click()
  expect((await opened).status()).toBe(200)
})

test('a preview form says so, answers from its stub and sends nothing', async ({ page }) => {
  const sent = collectRequests(page, (request) => request.method() === 'POST')
  await page.goto(at('/contact'))
  const form = await startContactForm(page)
  await expect(form).toContainText(site.preview.notice)
  await form.getByLabel('Name').fill(ADA.name)
  await form.getByLabel('Email').fill('ada@example.com')
  await form.getByLabel('Message').fill(ADA.message)
  await form.getByRole('button', { name: 'Send Message' }).click()
  const toast = page.getByRole('alertdialog')
  await expect(toast).toContainText(site.preview.title)
  await expect(toast).toContainText(site.preview.description)
  await expect(form.getByLabel('Name')).toHaveValue('')
  expect(sent).toEqual([])
})

test('headings that spell ids of the page itself get others: booking and search still open', async ({
  page,
}) => {
  await stubScheduler(page)
  const errors = collectErrors(page)
  await page.goto(at(`/resources/articles/${FIXTURE_ARTICLE}`))
  const main = page.getByRole('main')
  for (const [heading, id] of [
    ['Booking dialog', 'booking-dialog'],
    ['Site search', 'site-search'],
    ['Site navigation', 'site-navigation'],
  ] as const) {
    // The slugger's own rule for a repeated heading, as if the page's id came first. Not an
    // exact name: a heading's name ends with its anchor link's.
    await expect(main.getByRole('heading', { name: heading })).toHaveAttribute('id', `${id}-1`)
    await expect(page.locator(`[id="${id}"]`), `#${id}`).toHaveCount(1)
  }
  await allIslandsHydrated(page)

  const booking = main.getByRole('link', { name: site.articles.cta.label })
  await expect(booking).toHaveAttribute('aria-haspopup', 'dialog')
  await booking.click()
  const scheduler = page.getByRole('dialog', { name: site.scheduler.title })
  await expect(scheduler).toBeVisible()
  await expect(scheduler.locator('iframe')).toHaveAttribute('src', site.scheduler.url)
  await scheduler.getByRole('button', { name: 'Close' }).click()
  await expect(scheduler).toHaveCount(0)

  await page.getByRole('banner').getByRole('button', { name: site.search.open }).first().click()
  await expect(searchDialog(page)).toBeVisible()
  await expect(searchDialog(page).getByRole('combobox', { name: site.search.label })).toBeFocused()
  expect(errors).toEqual([])
})
