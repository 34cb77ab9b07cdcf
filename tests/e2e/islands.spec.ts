import { expect, test, type Page } from '@playwright/test'
import { closeWithEscape, collectErrors, openWithKey, reachFor } from './helpers.ts'
import { DESKTOP } from './viewports.ts'

test.describe('Industries dropdown (island)', () => {
  test.use({ viewport: DESKTOP })

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

// Spec §8: a start-up exception is "Logged to console only". The page has no single root: an
// island whose code cannot load is named in the console, and the page around it stays as served.
test('an island that cannot start is logged to the console, and the page stays as it is', async ({
  page,
}) => {
  const logged: string[] = []
  const thrown: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text())
  })
  page.on('pageerror', (error) => thrown.push(error.message))
  await page.goto('/contact')
  await page.waitForLoadState('networkidle')
  // From now on no code chunk loads: the form's island, started by a focus, cannot.
  await page.route('**/assets/chunks/**', (route) => route.abort('failed'))
  const form = page.locator('[data-island="forms/ContactForm"]')
  await form.getByLabel('Name').focus()
  await expect
    .poll(() =>
      logged.filter((line) => line.startsWith('Island "forms/ContactForm" failed to start')),
    )
    .toHaveLength(1)
  expect(thrown).toEqual([])
  await expect(form).not.toHaveAttribute('data-hydrated')
  await expect(page.locator('h1')).toHaveText('Get In Touch')
  await expect(form.getByLabel('Name')).toBeVisible()
})
