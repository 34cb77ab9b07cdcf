// Every route as a visitor meets it, one test for each way of meeting it, so each test's time
// limit covers one piece of work: the page at 1280 px in the light scheme; the same page with
// each dropdown opened in turn; with each booking dialog opened in turn; with every other
// dialog opened in turn; the page in the dark scheme; the page at 390 px with the menu open.
// axe (WCAG 2.2 AA, colour contrast included) at each step, and no content-security-policy
// violation at any moment.
import { expect, test, type Page } from '@playwright/test'
import { expectedRoutes } from '../../build/content/route-table.ts'
import {
  allIslandsHydrated,
  expectNoAxeViolations,
  isDark,
  listenForCspViolations,
  QUICK_POLL_INTERVALS,
  reachFor,
  stubScheduler,
} from './helpers.ts'

const NOT_FOUND = '/no-such-page'
const routes = [...(await expectedRoutes()).map((route) => route.path), NOT_FOUND]

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' })

/** Opens a disclosure menu as a visitor does, and returns a selector for its open panel. */
async function openMenu(page: Page, name: string) {
  const trigger = mainNavigation(page).getByRole('button', { name })
  // Reached for first, as a visitor does: the menus start when reached for.
  await reachFor(trigger)
  await trigger.click()
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  const panel = `[id="${await trigger.getAttribute('aria-controls')}"]`
  await expect(page.locator(panel)).toBeVisible()
  return { trigger, panel }
}

/** Every island that starts when scrolled to and is on screen now has started. */
const visibleIslandsHydrated = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[data-island][data-hydrate="visible"]')]
            .filter((island) => {
              const { top, bottom } = island.getBoundingClientRect()
              return bottom > 0 && top < innerHeight
            })
            .every((island) => island.hasAttribute('data-hydrated')),
        ),
      { intervals: QUICK_POLL_INTERVALS },
    )
    .toBe(true)

/**
 * Opens `route` in the scheme and at the size the test set, every island that starts unprompted
 * started, and scrolled down to the footer, so islands that start when scrolled to start under
 * the policy too. Returns the check for CSP violations, to call when the test's steps are done.
 */
async function visit(page: Page, route: string) {
  const cspViolations = await listenForCspViolations(page)
  await stubScheduler(page)
  const response = await page.goto(route)
  expect(response?.status()).toBe(route === NOT_FOUND ? 404 : 200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('h1')).toHaveCount(1)
  await allIslandsHydrated(page)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await visibleIslandsHydrated(page)
  return async () => expect(await cspViolations()).toEqual([])
}

for (const route of routes) {
  test.describe(route, () => {
    test.describe('light, 1280 px', () => {
      test.use({ viewport: DESKTOP, colorScheme: 'light' })

      test('axe-clean, no CSP violation', async ({ page }) => {
        const expectNoCspViolations = await visit(page, route)
        expect(await isDark(page)).toBe(false)
        await expectNoAxeViolations(page)
        await expectNoCspViolations()
      })

      test('each dropdown open: axe-clean, its code loaded with no CSP violation', async ({
        page,
      }) => {
        const expectNoCspViolations = await visit(page, route)
        for (const name of ['Industries', 'Resources']) {
          const { trigger, panel } = await openMenu(page, name)
          // The page itself is another test's: what opening adds is the panel.
          await expectNoAxeViolations(page, panel)
          await page.keyboard.press('Escape')
          await expect(trigger).toHaveAttribute('aria-expanded', 'false')
        }
        await expectNoCspViolations()
      })

      test('each booking dialog open: axe-clean, no CSP violation', async ({ page }) => {
        const expectNoCspViolations = await visit(page, route)
        const links = page.locator('main a[data-opens="booking"]')
        const count = await links.count()
        for (let index = 0; index < count; index++) {
          await expect(links.nth(index)).toHaveAttribute('aria-haspopup', 'dialog')
          await links.nth(index).click()
          await expect(page.getByRole('dialog')).toBeVisible()
          await expectNoAxeViolations(page, 'dialog[open]')
          await page.keyboard.press('Escape')
          await expect(page.getByRole('dialog')).toHaveCount(0)
          await expect(links.nth(index)).toBeFocused()
        }
        await expectNoCspViolations()
      })

      test('every other dialog open once, its code loaded with no CSP violation', async ({
        page,
      }) => {
        const expectNoCspViolations = await visit(page, route)
        const openers = page.locator(
          'main button[aria-haspopup="dialog"]:visible, header button[data-page-control]:visible',
        )
        const count = await openers.count()
        for (let index = 0; index < count; index++) {
          await openers.nth(index).click()
          await expect(page.getByRole('dialog')).toBeVisible()
          await page.keyboard.press('Escape')
          await expect(page.getByRole('dialog')).toHaveCount(0)
        }
        await expectNoCspViolations()
      })
    })

    test.describe('dark, 1280 px', () => {
      test.use({ viewport: DESKTOP, colorScheme: 'dark' })

      test('axe-clean, no CSP violation', async ({ page }) => {
        const expectNoCspViolations = await visit(page, route)
        expect(await isDark(page)).toBe(true)
        await expectNoAxeViolations(page)
        await expectNoCspViolations()
      })
    })

    test.describe('light, 390 px', () => {
      test.use({ viewport: PHONE, colorScheme: 'light' })

      test('with the menu open: axe-clean, no CSP violation', async ({ page }) => {
        const expectNoCspViolations = await visit(page, route)
        expect(await isDark(page)).toBe(false)
        await openMenu(page, 'Menu')
        await expectNoAxeViolations(page)
        await expectNoCspViolations()
      })
    })
  })
}
