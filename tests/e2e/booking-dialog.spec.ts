import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { collectErrors, expectNoAxeViolations, stubScheduler } from './helpers.ts'

const SCHEDULER = 'https://cal.com/panelwise/30min'
const FRAME_TITLE = 'Book a 30-minute call with Panelwise'

// Every page of this branch that has booking buttons, with their labels.
const pages = [
  { path: '/', buttons: ['Book a Call'] },
  { path: '/industries/ai-ml', buttons: ['Schedule a Demo', 'Schedule a Consultation'] },
]

const dialog = (page: Page) => page.getByRole('dialog', { name: FRAME_TITLE })

/** A booking link, once the page script has upgraded it to open the dialog. */
async function bookingLink(page: Page, name: string) {
  // The home page has two Book a Call buttons (hero and closing call to action): take the first.
  const link = page.getByRole('main').getByRole('link', { name }).first()
  await expect(link).toHaveAttribute('aria-haspopup', 'dialog')
  return link
}

test.beforeEach(async ({ page }) => {
  await stubScheduler(page)
})

for (const { path: route, buttons } of pages) {
  for (const label of buttons) {
    test(`${route}: "${label}" opens the scheduler full screen, and closes back to the button`, async ({
      page,
    }) => {
      const errors = collectErrors(page)
      await page.goto(route)
      const button = page.getByRole('main').getByRole('link', { name: label }).first()
      // Without JavaScript this is a link to the scheduler.
      await expect(button).toHaveAttribute('href', SCHEDULER)
      await expect(button).toHaveAttribute('aria-haspopup', 'dialog')
      await expect(page.locator('iframe')).toHaveCount(0)

      await button.click()
      await expect(dialog(page)).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`${route.replace(/\//g, '\\/')}$`))
      const frame = dialog(page).locator('iframe')
      await expect(frame).toHaveAttribute('src', SCHEDULER)
      await expect(frame).toHaveAttribute('title', FRAME_TITLE)
      await expect(
        page
          .frameLocator(`iframe[title="${FRAME_TITLE}"]`)
          .getByRole('heading', { name: 'Pick a time' }),
      ).toBeVisible()
      // Full screen: the dialog covers the viewport.
      const box = (await dialog(page).boundingBox())!
      const viewport = page.viewportSize()!
      expect(box.width).toBeGreaterThanOrEqual(viewport.width - 32)
      expect(box.height).toBeGreaterThanOrEqual(viewport.height - 32)

      await dialog(page).getByRole('button', { name: 'Close' }).click()
      await expect(dialog(page)).toHaveCount(0)
      await expect(page.locator('iframe')).toHaveCount(0)
      await expect(button).toBeFocused()
      expect(errors).toEqual([])
    })
  }
}

test('keyboard only: Enter opens it, focus stays inside, Escape closes it and focus returns', async ({
  page,
}) => {
  await page.goto('/industries/ai-ml')
  const button = await bookingLink(page, 'Schedule a Demo')
  // Walk to the button with Tab from the top of the page.
  for (
    let step = 0;
    step < 40 && !(await button.evaluate((el) => el === document.activeElement));
    step++
  )
    await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeVisible()
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
    .toBe('dialog')
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  await expect(button).toBeFocused()

  // Again: Tab goes round inside the dialog (close button, scheduler frame) and never out.
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeVisible()
  const focusInDialog = () =>
    page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab')
    await expect.poll(focusInDialog, { message: `after ${step + 1} Tab presses` }).toBe(true)
  }
  // Back out of the third-party frame to the close button, which Enter presses.
  const close = dialog(page).getByRole('button', { name: 'Close' })
  for (let step = 0; step < 10; step++) {
    if (await close.evaluate((el) => el === document.activeElement)) break
    await page.keyboard.press('Shift+Tab')
    await expect.poll(focusInDialog, { message: `after ${step + 1} Shift+Tab` }).toBe(true)
  }
  await expect(close).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toHaveCount(0)
  await expect(button).toBeFocused()
})

test('a modified click is left to the browser (a new tab with the scheduler)', async ({ page }) => {
  await page.goto('/')
  const link = await bookingLink(page, 'Book a Call')
  for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey'] as const) {
    const prevented = await link.evaluate((element, key) => {
      // Cancel the navigation itself after the page's own handlers have had their say.
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, [key]: true })
      let seenPrevented = false
      window.addEventListener(
        'click',
        (e) => ((seenPrevented = e.defaultPrevented), e.preventDefault()),
        {
          once: true,
        },
      )
      element.dispatchEvent(event)
      return seenPrevented
    }, modifier)
    expect(prevented).toBe(false)
  }
  await page.waitForTimeout(300)
  await expect(dialog(page)).toHaveCount(0)
})

test('the dialog code loads on the first click, not with the page', async ({ page }) => {
  const manifest = JSON.parse(
    await readFile(path.resolve(import.meta.dirname, '../../dist/assets.json'), 'utf8'),
  ) as Record<string, { file: string }>
  const dialogChunk = '/' + manifest['components/booking/open-booking.tsx']!.file
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(requested).not.toContain(dialogChunk)
  await (await bookingLink(page, 'Book a Call')).click()
  await expect(dialog(page)).toBeVisible()
  expect(requested).toContain(dialogChunk)
})

for (const { path: route, buttons } of pages)
  test(`${route}: no axe violations with the booking dialog open`, async ({ page }) => {
    await page.goto(route)
    await (await bookingLink(page, buttons[0]!)).click()
    await expect(dialog(page)).toBeVisible()
    await expectNoAxeViolations(page)
  })
