import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { telHref } from '../../content/schema/phone.ts'
import { FRAME_SILENCE_LIMIT_MS } from '../../renderer/dialog-attributes.ts'
import {
  collectErrors,
  collectRequests,
  expectNoAxeViolations,
  gate,
  nextFrames,
  SCHEDULER_PAGE,
  stubScheduler,
} from './helpers.ts'

// The scheduler and the company's facts, read from content/site.yaml as the dialog and its
// fallback must show them.
const site = (
  (await loadContent(path.resolve(import.meta.dirname, '../..'), collections)).entries.get(
    'site',
  ) as { data: EntryData<'site'> }[]
)[0]!.data
const SCHEDULER = site.scheduler.url
const FRAME_TITLE = site.scheduler.title
const LOADING = site.scheduler.loading
const EMAIL = site.email
const PHONE = site.phone
const PHONE_HREF = telHref(site.phone)!

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
  // The dialog itself has focus, so a screen reader reads its name first.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('DIALOG')
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  await expect(button).toBeFocused()

  // Again: Tab goes round inside the dialog (close button, scheduler frame), never to the page.
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeVisible()
  // A native modal dialog makes the page behind it inert: Tab goes round the dialog and, as
  // the browser allows, its own toolbar (focus on no element of the page), never the page.
  const focusInDialog = () =>
    page.evaluate(() => {
      const focused = document.activeElement
      return !focused || focused === document.body || Boolean(focused.closest('dialog'))
    })
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
  await nextFrames(page)
  await expect(dialog(page)).toHaveCount(0)
})

test('opens at the first press after first paint, with no script: the page script held back', async ({
  page,
}) => {
  const errors = collectErrors(page)
  const scripts = collectRequests(page, (request) => request.resourceType() === 'script')
  // The page script never arrives: the HTML and the inline loader answer the press alone.
  await page.route('**/assets/**/*.js', () => new Promise(() => {}))
  await page.goto('/', { waitUntil: 'commit' })
  const link = page.getByRole('main').getByRole('link', { name: 'Book a Call' }).first()
  await link.click()
  await expect(dialog(page)).toBeVisible()
  // What it shows until the scheduler's page has loaded, then the scheduler itself.
  await expect(dialog(page).locator('iframe')).toHaveAttribute('src', SCHEDULER)
  await expect(
    page
      .frameLocator(`iframe[title="${FRAME_TITLE}"]`)
      .getByRole('heading', { name: 'Pick a time' }),
  ).toBeVisible()
  await expect(dialog(page).getByText(LOADING)).toBeHidden()
  await expect(page).toHaveURL(/\/$/)
  expect(page.context().pages()).toHaveLength(1)
  await dialog(page).getByRole('button', { name: 'Close' }).click()
  await expect(dialog(page)).toHaveCount(0)
  await expect(page.locator('iframe')).toHaveCount(0)
  await expect(link).toBeFocused()
  // Only the page script was asked for, and never arrived.
  expect(scripts.every((url) => url.includes('/assets/entries/start-islands.'))).toBe(true)
  expect(errors).toEqual([])
})

test('shows that the scheduler is loading until its page speaks, and answers its handshake', async ({
  page,
}) => {
  const scheduler = gate()
  await page.route(SCHEDULER, async (route) => {
    await scheduler.opened
    await route.fulfill({ contentType: 'text/html', body: SCHEDULER_PAGE })
  })
  await page.goto('/')
  await (await bookingLink(page, 'Book a Call')).click()
  await expect(dialog(page).getByRole('status')).toHaveText(LOADING, { useInnerText: true })
  await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeVisible()
  scheduler.open()
  await expect(dialog(page).getByText(LOADING)).toBeHidden()
  const scheduled = page.frameLocator(`iframe[title="${FRAME_TITLE}"]`)
  await expect(scheduled.getByRole('heading', { name: 'Pick a time' })).toBeVisible()
  // The page answered the scheduler's __iframeReady with parentKnowsIframeReady.
  await expect(scheduled.locator('body')).toHaveAttribute('data-parent-answered', '')
})

test('the frame comes after the dialog has shown, and not at all when it closed first', async ({
  page,
}) => {
  const frames = collectRequests(page, (request) => request.url() === SCHEDULER)
  await page.goto('/')
  const link = await bookingLink(page, 'Book a Call')
  // Opened and closed in one task: the dialog's first frame never came, so neither does its frame.
  const framesAtOpen = await link.evaluate((element) => {
    ;(element as HTMLElement).click()
    const opened = document.querySelector('dialog[open]')
    const count = opened?.querySelectorAll('iframe').length
    ;(opened as HTMLDialogElement | null)?.close()
    return count
  })
  expect(framesAtOpen).toBe(0)
  await nextFrames(page, 3)
  await page.waitForTimeout(300)
  expect(await page.locator('iframe').count()).toBe(0)
  expect(frames).toEqual([])
  // Opened normally, it gets its frame once it has been painted.
  await link.click()
  await expect(dialog(page).locator(`iframe[title="${FRAME_TITLE}"]`)).toHaveCount(1)
  // The frame's request reaches the test after the frame is in the page.
  await expect.poll(() => frames).toEqual([SCHEDULER])
})

/** What the dialog offers when the scheduler does not load: its link, e-mail and phone. */
async function expectFallback(page: Page) {
  const fallback = dialog(page).getByRole('status')
  await expect(fallback.getByText('The booking calendar could not be loaded.')).toBeVisible()
  const newTab = fallback.getByRole('link', { name: 'Open the booking calendar in a new tab' })
  await expect(newTab).toHaveAttribute('href', SCHEDULER)
  await expect(newTab).toHaveAttribute('target', '_blank')
  await expect(fallback.getByRole('link', { name: EMAIL })).toHaveAttribute(
    'href',
    `mailto:${EMAIL}`,
  )
  await expect(fallback.getByRole('link', { name: PHONE })).toHaveAttribute('href', PHONE_HREF)
  await expect(dialog(page).getByText(LOADING)).toBeHidden()
  await expect(dialog(page).locator('iframe')).toBeHidden()
}

test(`scheduler blocked: after ${FRAME_SILENCE_LIMIT_MS / 1000} s the dialog offers its link, e-mail and phone`, async ({
  page,
}) => {
  // Aborted requests: Chromium shows its error page in the frame and may still fire `load`.
  await page.route(`${new URL(SCHEDULER).origin}/**`, (route) => route.abort())
  await page.clock.install()
  await page.goto('/')
  const button = await bookingLink(page, 'Book a Call')
  await button.click()
  await expect(dialog(page).getByText(LOADING)).toBeVisible()
  await expect(dialog(page).getByRole('link', { name: EMAIL })).toBeHidden()
  await page.clock.runFor(FRAME_SILENCE_LIMIT_MS)
  await expectFallback(page)
  await expectNoAxeViolations(page)

  // The keyboard path is the dialog's own: from the dialog, Tab reaches the close button and
  // then the fallback's links, in order, and Escape still closes it back to the button.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('DIALOG')
  const order = [
    dialog(page).getByRole('button', { name: 'Close' }),
    dialog(page).getByRole('link', { name: 'Open the booking calendar in a new tab' }),
    dialog(page).getByRole('link', { name: EMAIL }),
    dialog(page).getByRole('link', { name: PHONE }),
  ]
  for (const next of order) {
    await page.keyboard.press('Tab')
    await expect(next).toBeFocused()
  }
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  await expect(button).toBeFocused()

  // Opened again, it waits for the scheduler afresh.
  await button.click()
  await expect(dialog(page).getByText(LOADING)).toBeVisible()
  await expect(dialog(page).getByRole('link', { name: EMAIL })).toBeHidden()
})

test('the fallback is axe-clean in the dark theme too', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.route(`${new URL(SCHEDULER).origin}/**`, (route) => route.abort())
  await page.clock.install()
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  await (await bookingLink(page, 'Book a Call')).click()
  await page.clock.runFor(FRAME_SILENCE_LIMIT_MS)
  await expectFallback(page)
  await expectNoAxeViolations(page)
})

test('a scheduler that speaks after the fallback showed replaces it', async ({ page }) => {
  const scheduler = gate()
  await page.route(SCHEDULER, async (route) => {
    await scheduler.opened
    await route.fulfill({ contentType: 'text/html', body: SCHEDULER_PAGE })
  })
  await page.clock.install()
  await page.goto('/')
  await (await bookingLink(page, 'Book a Call')).click()
  await page.clock.runFor(FRAME_SILENCE_LIMIT_MS)
  await expectFallback(page)
  scheduler.open()
  await expect(
    page
      .frameLocator(`iframe[title="${FRAME_TITLE}"]`)
      .getByRole('heading', { name: 'Pick a time' }),
  ).toBeVisible()
  await expect(dialog(page).getByRole('link', { name: EMAIL })).toBeHidden()
})

for (const { path: route, buttons } of pages)
  test(`${route}: no axe violations with the booking dialog open`, async ({ page }) => {
    await page.goto(route)
    await (await bookingLink(page, buttons[0]!)).click()
    await expect(dialog(page)).toBeVisible()
    await expectNoAxeViolations(page)
  })
