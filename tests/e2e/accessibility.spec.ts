// Every route as a visitor meets it, in one visit per route: the page at 1280 px in the light
// scheme, with each dropdown, booking dialog and other dialog opened in turn; the page in the
// dark scheme; the page at 390 px with the menu open. axe (WCAG 2.2 AA, colour contrast
// included) at each step, and no content-security-policy violation at any moment. One visit,
// not one per check: loading and starting a page was most of what each separate check cost.
import { expect, test, type Page } from '@playwright/test'
import { expectedRoutes } from '../../build/content/route-table.ts'
import {
  allIslandsHydrated,
  expectNoAxeViolations,
  isDark,
  listenForCspViolations,
  reachFor,
  stubScheduler,
} from './helpers.ts'

const NOT_FOUND = '/no-such-page'
const routes = [...(await expectedRoutes()).map((route) => route.path), NOT_FOUND]

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

for (const route of routes) {
  test(`${route}: axe-clean light and dark, at 1280 and 390 px, menus and dialogs open, no CSP violation`, async ({
    page,
  }) => {
    const cspViolations = await listenForCspViolations(page)
    await stubScheduler(page)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
    const response = await page.goto(route)
    expect(response?.status()).toBe(route === NOT_FOUND ? 404 : 200)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.locator('h1')).toHaveCount(1)
    await allIslandsHydrated(page)
    // Down to the footer, so islands that start when scrolled to start under the policy too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expectNoAxeViolations(page)

    await test.step('each dropdown open', async () => {
      for (const name of ['Industries', 'Resources']) {
        const { trigger, panel } = await openMenu(page, name)
        // The rest of the page was checked just now: what opening adds is the panel.
        await expectNoAxeViolations(page, panel)
        await page.keyboard.press('Escape')
        await expect(trigger).toHaveAttribute('aria-expanded', 'false')
      }
    })

    await test.step('each booking dialog open', async () => {
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
    })

    await test.step('every other dialog open once, its code loaded under the policy', async () => {
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
    })

    await test.step('in the dark scheme', async () => {
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect.poll(() => isDark(page)).toBe(true)
      await expectNoAxeViolations(page)
    })

    await test.step('at 390 px, light, with the menu open', async () => {
      await page.emulateMedia({ colorScheme: 'light' })
      await expect.poll(() => isDark(page)).toBe(false)
      await page.setViewportSize({ width: 390, height: 844 })
      await openMenu(page, 'Menu')
      await expectNoAxeViolations(page)
    })

    expect(await cspViolations()).toEqual([])
  })
}
