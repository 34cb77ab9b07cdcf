// The site search (issue 19): Pagefind's index of every page's main content, in a dialog that a
// button, "/" or Ctrl/Cmd+K opens, with a combobox over the results. Its code and index load only
// when it opens.
import path from 'node:path'
import { type Page } from '@playwright/test'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { routedLists } from '../../site/routes.ts'
import { HELD_PRESS_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import {
  allIslandsHydrated,
  collectRequests,
  expectNoAxeViolations,
  holdRequests,
  PAGE_SCRIPT,
  openHydrated,
} from './helpers.ts'
import { expect, test } from './page-errors.ts'
import { DESKTOP, PHONE } from './viewports.ts'

const content = (await loadContent(path.resolve(import.meta.dirname, '../..'), collections)).entries
const site = (content.get('site') as { data: EntryData<'site'> }[])[0]!.data
const processFaq = (content.get('faqs') as { id: string; data: EntryData<'faqs'> }[]).find(
  (entry) => entry.id === 'process',
)!.data
const ARTICLE_LIST = routedLists['article-list'].base
const articles = content.get('articles') as { id: string; data: EntryData<'articles'> }[]
/** The article list, its later pages and the tag pages: pages of other pages' cards. */
const isListPage = (href: string | null) =>
  Boolean(href && new RegExp(`^${ARTICLE_LIST}(/page/\\d+|/tags/.*)?$`).test(href))
/** The last words of an answer on the process page's FAQ, as a visitor might remember them. */
const faqPhrase = processFaq.items[3]!.answer.split(/\W+/).filter(Boolean).slice(-7).join(' ')

const dialog = (page: Page) => page.getByRole('dialog', { name: site.search.title })
const field = (page: Page) => dialog(page).getByRole('combobox', { name: site.search.label })
const results = (page: Page) => dialog(page).getByRole('listbox').getByRole('option')

async function openFromHeader(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: site.search.open }).first().click()
  await expect(field(page)).toBeFocused()
}

// At a laptop's size unless a test says otherwise.
test.use({ viewport: DESKTOP })

test('loads nothing of the search until it opens, then finds "system design"', async ({
  page,
  errors,
}) => {
  const searchRequests = collectRequests(page, (request) =>
    /\/pagefind\/|SearchPanel/.test(request.url()),
  )
  await openHydrated(page, '/')
  expect(searchRequests).toEqual([])

  await openFromHeader(page)
  await field(page).fill('system design')
  // Found among the results (the articles' system-design tag page may rank above it).
  const systemDesign = results(page).and(page.locator('[href="/services/system-design"]'))
  await expect(systemDesign).toHaveCount(1)
  await expect(systemDesign.locator('mark').first()).toHaveText(/system|design/i)
  await expect(dialog(page).getByRole('status')).toHaveText(/\d+ pages found|1 page found/)
  expect(searchRequests.some((url) => url.includes('/pagefind/pagefind.js'))).toBe(true)
  expect(errors).toEqual([])
})

test(`a phrase from an FAQ answer ("${faqPhrase}") finds its page`, async ({ page }) => {
  await page.goto('/about')
  await openFromHeader(page)
  await field(page).fill(faqPhrase)
  await expect(dialog(page).locator('[role="option"][href="/process"]')).toBeVisible()
  await expect(dialog(page).locator('[href="/process"] mark').first()).toBeVisible()
})

test('finds an article by its title, and not the list and tag pages that show its card', async ({
  page,
}) => {
  await page.goto('/resources/articles')
  await openFromHeader(page)
  for (const article of articles) {
    // Emptied first, so the results read below are this title's.
    await field(page).fill('')
    await expect(dialog(page).getByRole('listbox')).toHaveCount(0)
    await field(page).fill(article.data.title)
    const own = `${ARTICLE_LIST}/${article.id}`
    await expect(dialog(page).locator(`[role="option"][href="${own}"]`)).toBeVisible()
    const found = await results(page).evaluateAll((options) =>
      options.map((option) => option.getAttribute('href')),
    )
    // The list and tag pages show the article's card, which is not their own words.
    expect(found.filter(isListPage), article.data.title).toEqual([])
  }
})

test('a nonsense word says clearly that nothing matched', async ({ page }) => {
  await page.goto('/')
  await openFromHeader(page)
  await field(page).fill('qzxwvkjh')
  await expect(dialog(page).getByRole('status')).toHaveText(
    site.search.noResults.replace('{query}', 'qzxwvkjh'),
  )
  await expect(dialog(page).getByText(site.search.noResultsHelp)).toBeVisible()
  await expect(dialog(page).getByRole('listbox')).toHaveCount(0)
  await expect(field(page)).toHaveAttribute('aria-expanded', 'false')
})

test('has no axe violations while open, empty and with results', async ({ page }) => {
  await openHydrated(page, '/process')
  await openFromHeader(page)
  await expectNoAxeViolations(page)
  await field(page).fill('interview')
  await expect(results(page).first()).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expectNoAxeViolations(page)
})

test('works from the keyboard: "/" opens, arrows choose, Enter goes, Escape closes', async ({
  page,
}) => {
  await openHydrated(page, '/startups')
  // Typed at once, while the dialog's code is still loading: nothing is lost.
  await page.keyboard.press('/')
  await page.keyboard.type('system design')
  await expect(field(page)).toBeFocused()
  await expect(field(page)).toHaveValue('system design')
  // The results for the whole term, not those of a shorter one the field held while the
  // dialog loaded: the list keeps those on screen until the next ones arrive.
  await expect(dialog(page).getByRole('status')).toHaveText(/\d+ pages found|1 page found/)
  await expect(results(page).first()).toBeVisible()
  // The field keeps focus; the combobox points at the option that is current. Read once the
  // arrow has moved it: read at once, it could still name the option before.
  const before = await field(page).getAttribute('aria-activedescendant')
  await page.keyboard.press('ArrowDown')
  await expect.poll(() => field(page).getAttribute('aria-activedescendant')).not.toBe(before)
  const active = await field(page).getAttribute('aria-activedescendant')
  expect(active).toBeTruthy()
  const option = page.locator(`[id="${active}"]`)
  await expect(option).toHaveAttribute('role', 'option')
  const href = await option.getAttribute('href')
  await expect(field(page)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`${href}$`))

  // Ctrl+K opens it too; Escape clears the field, then closes the dialog. Here the search's
  // island has started (before it starts, the loader clears: the "/" test below).
  await allIslandsHydrated(page)
  await page.keyboard.press('Control+K')
  await expect(field(page)).toBeFocused()
  await expect(dialog(page).locator('[data-island][data-hydrated]')).toHaveCount(1)
  await page.keyboard.type('pricing')
  await page.keyboard.press('Escape')
  await expect(field(page)).toHaveValue('')
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
})

test('"/" typed into a form field stays a slash', async ({ page }) => {
  await openHydrated(page, '/contact')
  const message = page.getByLabel('Message', { exact: false }).first()
  await message.click()
  await page.keyboard.type('a/b')
  await expect(message).toHaveValue('a/b')
  await expect(dialog(page)).toHaveCount(0)
})

test('the small-screen menu has the search too', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await openHydrated(page, '/')
  const nav = page.getByRole('navigation', { name: site.ui.mainNavigation })
  await nav.getByRole('button', { name: site.ui.menu }).click()
  await nav.getByRole('button', { name: site.search.open }).click()
  await expect(field(page)).toBeFocused()
  await field(page).fill('system design')
  await expect(results(page).and(page.locator('[href="/services/system-design"]'))).toHaveCount(1)
})

test('the search opens at the first press, before any script: what is typed then is searched', async ({
  page,
}) => {
  const releaseScript = await holdRequests(page, PAGE_SCRIPT)
  const searchCode = collectRequests(page, (request) => request.url().includes('SearchPanel'))
  // Not until "load": the loader asks for the held page script at the first paint, and a script
  // asked for before the load event holds it back; on a busy machine that paint comes first.
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  const button = page.getByRole('banner').getByRole('button', { name: site.search.open })
  await button.click()
  // The inline loader opened the prerendered dialog and focused its field: nothing is held.
  await expect(field(page)).toBeFocused()
  await expect(button).not.toHaveAttribute(HELD_PRESS_ATTRIBUTE)
  await page.keyboard.type('system design')
  expect(searchCode).toEqual([])
  releaseScript()
  await expect(results(page).and(page.locator('[href="/services/system-design"]'))).toHaveCount(1)
  await expect(field(page)).toHaveValue('system design')
  await expect(field(page)).toBeFocused()
})

test('"/" opens the search before any script; closed, focus is back where it was', async ({
  page,
}) => {
  const releaseScript = await holdRequests(page, PAGE_SCRIPT)
  await page.goto('/process', { waitUntil: 'domcontentloaded' })
  const link = page.getByRole('main').getByRole('link').first()
  await link.focus()
  await page.keyboard.press('/')
  await page.keyboard.type('hiring')
  await expect(field(page)).toBeFocused()
  // The "/" was the shortcut, not typed.
  await expect(field(page)).toHaveValue('hiring')
  // Escape clears the words first, as the started search does, and keeps the dialog open.
  await page.keyboard.press('Escape')
  await expect(field(page)).toHaveValue('')
  await expect(field(page)).toBeFocused()
  await dialog(page).getByRole('button', { name: site.ui.close }).click()
  await expect(dialog(page)).toHaveCount(0)
  await expect(link).toBeFocused()
  // Reopened with the field empty, Escape closes it.
  await page.keyboard.press('/')
  await expect(field(page)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  await expect(link).toBeFocused()
  releaseScript()
})

test('reopened, the search shows the last words, selected; closed, focus is back', async ({
  page,
}) => {
  await openHydrated(page, '/about')
  const button = page.getByRole('banner').getByRole('button', { name: site.search.open })
  await openFromHeader(page)
  await field(page).fill('pricing')
  await expect(results(page).first()).toBeVisible()
  await dialog(page).getByRole('button', { name: site.ui.close }).click()
  await expect(dialog(page)).toHaveCount(0)
  await expect(button).toBeFocused()

  await openFromHeader(page)
  await expect(field(page)).toHaveValue('pricing')
  // Typing replaces the selected words: a new search, not "pricing" and more.
  await page.keyboard.type('faq')
  await expect(field(page)).toHaveValue('faq')
})
