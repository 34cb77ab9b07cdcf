import { expect, test, type Page } from '@playwright/test'
import { closeWithEscape, collectErrors, openWithKey, reachFor } from './helpers.ts'

test.describe('Industries dropdown (island)', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
  const trigger = (page: Page) => nav(page).getByRole('button', { name: 'Industries' })

  let errors: string[]
  test.beforeEach(async ({ page }) => {
    errors = collectErrors(page)
    await page.goto('/')
    // The menus start when a visitor reaches for them.
    await reachFor(trigger(page))
  })
  test.afterEach(() => {
    // A hydration mismatch (ids, markup) is reported as a console error.
    expect(errors).toEqual([])
  })

  test('is server-rendered closed, with ARIA ids from its own prefix', async ({ page }) => {
    const button = trigger(page)
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    // Industries is the first of the two dropdowns (Industries, Resources).
    const prefix = await page
      .locator('[data-island="nav/NavMenu"]')
      .first()
      .getAttribute('data-prefix')
    expect(prefix).toBeTruthy()
    const controls = await button.getAttribute('aria-controls')
    expect(controls).toContain(prefix)
    await expect(page.locator(`[id="${controls}"]`)).toBeHidden()
  })

  test('opens on click and follows a chosen link', async ({ page }) => {
    await trigger(page).click()
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true')
    const link = nav(page).getByRole('link', { name: 'AI & Machine Learning' })
    await expect(link).toBeVisible()
    await link.click()
    await expect(page).toHaveURL(/\/industries\/ai-ml$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'AI & Machine Learning Interviews',
    )
  })

  test('works from the keyboard: Enter opens, Escape closes and returns focus', async ({
    page,
  }) => {
    await trigger(page).focus()
    const firstLink = nav(page).getByRole('link', { name: 'AI & Machine Learning' })
    await openWithKey(trigger(page), 'Enter', firstLink)
    await closeWithEscape(trigger(page))
  })

  test('closes when focus leaves it and when clicking elsewhere', async ({ page }) => {
    await trigger(page).click()
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true')
    await nav(page).getByRole('link', { name: 'Process' }).focus()
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'false')

    await trigger(page).click()
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('heading', { level: 1 }).click()
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'false')
  })
})
