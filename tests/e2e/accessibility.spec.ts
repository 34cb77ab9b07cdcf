import { expect, test } from '@playwright/test'
import { expectedRoutes } from '../../scripts/lib/routes.ts'
import { allIslandsHydrated, expectNoAxeViolations, reachFor, stubScheduler } from './helpers.ts'

const routes = [...(await expectedRoutes()).map((route) => route.path), '/no-such-page']

for (const route of routes) {
  test(`${route}: no axe violations, nor with a dropdown open`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(route)
    await allIslandsHydrated(page)
    await expectNoAxeViolations(page)
    for (const menu of ['Industries', 'Resources']) {
      const trigger = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: menu })
      // Reached for first, as a visitor does: the menus start when reached for.
      await reachFor(trigger)
      await trigger.click()
      await expect(trigger).toHaveAttribute('aria-expanded', 'true')
      await expectNoAxeViolations(page)
    }
  })

  test(`${route}: no axe violations at 390px with the mobile menu open`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(route)
    await allIslandsHydrated(page)
    const menu = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Menu' })
    await reachFor(menu)
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expectNoAxeViolations(page)
  })

  test(`${route}: no axe violations with each booking dialog open`, async ({ page }) => {
    await stubScheduler(page)
    await page.goto(route)
    await allIslandsHydrated(page)
    const links = page.locator('main a[data-opens="booking"]')
    const count = await links.count()
    for (let index = 0; index < count; index++) {
      await expect(links.nth(index)).toHaveAttribute('aria-haspopup', 'dialog')
      await links.nth(index).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await expectNoAxeViolations(page)
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
    }
  })
}
