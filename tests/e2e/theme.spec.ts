// Dark mode (issue 19): the class `dark` on <html>, following the system unless the visitor chose
// light or dark in the header's control; the choice is kept across pages and visits, and set by
// an inline script before the first paint, so no page flashes the wrong theme.
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { THEME_STORAGE_KEY } from '../../renderer/theme-script.ts'
import {
  allIslandsHydrated,
  expectNoAxeViolations,
  holdRequests,
  isDark,
  PAGE_SCRIPT,
  openHydrated,
} from './helpers.ts'
import { DESKTOP, PHONE } from './viewports.ts'

const content = (await loadContent(path.resolve(import.meta.dirname, '../..'), collections)).entries
const { theme, ui } = (content.get('site') as { data: EntryData<'site'> }[])[0]!.data

const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)
/**
 * The header's theme control (the small-screen menu has one of its own). Each radio is visually
 * hidden under its icon, so choosing one is a press on its label (`check({ force: true })`).
 */
const headerChoice = (page: Page, name: string) =>
  page
    .getByRole('banner')
    .getByRole('group', { name: theme.label })
    .first()
    .getByRole('radio', { name })

test.describe('in the dark scheme', () => {
  test.use({ colorScheme: 'dark', viewport: DESKTOP })

  // Every route's dark axe pass is in accessibility.spec.ts, with the light one.
  test('the small-screen menu, open, has no axe violations', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await openHydrated(page, '/')
    const menu = page.getByRole('navigation', { name: ui.mainNavigation })
    await menu.getByRole('button', { name: ui.menu }).click()
    await expect(menu.getByRole('radio', { name: theme.system })).toBeChecked()
    await expectNoAxeViolations(page)
  })
})

test('follows the system until the visitor chooses, then keeps the choice across pages and visits', async ({
  page,
  context,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  expect(await isDark(page)).toBe(false)
  await expect(headerChoice(page, theme.system)).toBeChecked()
  // The system setting changes while the page is open: the page follows.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => isDark(page)).toBe(true)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect.poll(() => isDark(page)).toBe(false)

  await headerChoice(page, theme.dark).check({ force: true })
  await expect.poll(() => isDark(page)).toBe(true)
  expect(await stored(page)).toBe('dark')

  // Another page, and a later visit in a new tab, open dark though the system is light.
  await page.getByRole('banner').getByRole('link', { name: 'Process' }).first().click()
  await expect(page).toHaveURL(/\/process$/)
  expect(await isDark(page)).toBe(true)
  await expect(headerChoice(page, theme.dark)).toBeChecked()
  const later = await context.newPage()
  await later.emulateMedia({ colorScheme: 'light' })
  await later.goto('/about')
  expect(await isDark(later)).toBe(true)
  // The first tab hears of a choice made in the second.
  await headerChoice(later, theme.light).check({ force: true })
  await expect.poll(() => isDark(page)).toBe(false)
  await expect(headerChoice(page, theme.light)).toBeChecked()

  // Back to the system's: nothing kept, and the page follows the system again.
  await headerChoice(later, theme.system).check({ force: true })
  expect(await stored(later)).toBeNull()
  await later.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => isDark(later)).toBe(true)
})

test('the small-screen menu sets the theme as the header does', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.emulateMedia({ colorScheme: 'light' })
  await openHydrated(page, '/')
  const menu = page.getByRole('navigation', { name: ui.mainNavigation })
  await menu.getByRole('button', { name: ui.menu }).click()
  await menu.getByRole('radio', { name: theme.dark }).check({ force: true })
  await expect.poll(() => isDark(page)).toBe(true)
  expect(await stored(page)).toBe('dark')
  await page.reload()
  await allIslandsHydrated(page)
  await menu.getByRole('button', { name: ui.menu }).click()
  // Hydrating the menu island keeps the checked radio the inline script set.
  await expect(menu.getByRole('radio', { name: theme.dark })).toBeChecked()
})

test('no flash: the chosen theme is on <html> before the first frame, with the page script held back', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP)
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  await headerChoice(page, theme.dark).check({ force: true })

  await holdRequests(page, PAGE_SCRIPT) // never released: no island, no page script
  await page.addInitScript(() => {
    const seen: Record<string, unknown> = {}
    ;(window as unknown as { seen: typeof seen }).seen = seen
    const look = () => ({
      dark: document.documentElement.classList.contains('dark'),
      background: document.body ? getComputedStyle(document.body).backgroundColor : null,
      islands: document.querySelectorAll('[data-hydrated]').length,
    })
    requestAnimationFrame(() => (seen.firstFrame = look()))
    // Once the document is parsed (after the theme script's own DOMContentLoaded listener).
    document.addEventListener('DOMContentLoaded', () =>
      setTimeout(() => {
        const checked = document.querySelector<HTMLInputElement>('input[data-theme-choice]:checked')
        seen.domContentLoaded = { ...look(), checked: checked?.value }
      }),
    )
  })
  await page.goto('/services')
  await page.waitForFunction(() => {
    const { seen } = window as unknown as { seen: Record<string, unknown> }
    return seen.firstFrame && seen.domContentLoaded
  })
  const seen = await page.evaluate(() => (window as unknown as { seen: unknown }).seen)
  const dark = await page.evaluate(() => {
    document.documentElement.classList.add('dark')
    return getComputedStyle(document.body).backgroundColor
  })
  expect(seen).toEqual({
    firstFrame: { dark: true, background: dark, islands: 0 },
    domContentLoaded: { dark: true, background: dark, checked: 'dark', islands: 0 },
  })
})
