// The page paints from HTML and CSS alone; the page script is added by the inline loader only
// after the first paint, or at once when a visitor reaches for the page. A press that lands
// before an island has started is held and replayed, never lost.
import { chromium, type Page } from '@playwright/test'
import {
  HELD_PRESS_ATTRIBUTE,
  HYDRATED_ATTRIBUTE,
  LISTENING_ATTRIBUTE,
} from '../../renderer/island-attributes.ts'
import { answerFunctionCalls, answerOk } from './function-calls.ts'
import {
  allIslandsHydrated,
  collectErrors,
  holdRequests,
  nextFrames,
  PAGE_SCRIPT,
  stubScheduler,
} from './helpers.ts'
import { expect, test } from './page-errors.ts'
import { DESKTOP, PHONE } from './viewports.ts'
import { adaMessage } from './fixtures.ts'
import { chromiumPath, CHROMIUM_FLAGS } from '../harness/chromium.ts'

/** The islands' code, split from the page script. */
const ISLAND_CODE = '**/assets/chunks/**'

/**
 * Opens `path` with the page script held back; the returned function lets it arrive. The wait is
 * for the parsed document (the inline loader has run), not for `load`: once the loader has added
 * the page script, `load` waits for that script, which is held, so it would come only after the
 * test's time limit whenever the first paint (which adds the script) beat the load event.
 */
async function openWithScriptHeld(page: Page, path: string) {
  const release = await holdRequests(page, PAGE_SCRIPT)
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  return release
}

/** As openWithScriptHeld, on a page whose form is answered OK: what it sent, and the release. */
async function openFormWithScriptHeld(page: Page, path: string) {
  const bodies = await answerFunctionCalls(page, answerOk)
  return { bodies, release: await openWithScriptHeld(page, path) }
}

/** The mobile menu's island has started (its state, from then on, is React's). */
const mobileMenuStarted = (page: Page) =>
  expect(page.locator('[data-island="nav/MobileMenu"]')).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true')

// At a laptop's size unless a group says otherwise.
test.use({ viewport: DESKTOP })

test('the HTML references no script file: the loader adds it after the first paint', async ({
  baseURL,
}) => {
  // In the whole browser: the headless shell the suite drives (tests/harness/chromium.ts) has no
  // display, and stamps the first contentful paint with a presentation time that can come
  // after the observer it wakes has run, so a script added on that paint could look earlier
  // than the paint. The order a visitor's browser sees is measured where there is one.
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS })
  try {
    const page = await browser.newPage({ baseURL })
    const errors = collectErrors(page)
    const response = await page.goto('/')
    const html = await response!.text()
    expect(html).not.toMatch(/<script[^>]*\ssrc=/)
    expect(html).not.toContain('modulepreload')
    await allIslandsHydrated(page)
    const timing = () =>
      page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('.js'))
        return {
          paint: paint?.startTime ?? Infinity,
          firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
          scripts: scripts.length,
        }
      })
    // Read once the script has been fetched: the islands on screen here start when scrolled to or
    // pressed, so "all started" can hold before the loader has added the script at all.
    await expect.poll(async () => (await timing()).scripts).toBeGreaterThan(0)
    const { firstScript, paint } = await timing()
    expect(firstScript).toBeGreaterThan(paint)
    expect(errors).toEqual([])
  } finally {
    await browser.close()
  }
})

test.describe('a press before the island starts', () => {
  test.use({ viewport: PHONE })

  test('opens the mobile menu at once, and the island agrees once it has started', async ({
    page,
    errors,
  }) => {
    const release = await openWithScriptHeld(page, '/')
    const menu = page.getByRole('button', { name: 'Menu' })
    const panel = page.locator(`[id="${await menu.getAttribute('aria-controls')}"]`)
    await menu.click()
    // Shown by the inline loader, with no script; the press is kept for the island.
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(panel.getByRole('link', { name: 'Process' })).toBeVisible()
    await expect(menu).toHaveAttribute(HELD_PRESS_ATTRIBUTE, '')
    release()
    await expect(menu).not.toHaveAttribute(HELD_PRESS_ATTRIBUTE)
    await mobileMenuStarted(page)
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    // The island's own state is open: its next press closes the menu.
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(panel).toBeHidden()
    expect(errors).toEqual([])
  })

  test('a menu opened and closed again before the island started stays closed', async ({
    page,
  }) => {
    const release = await openWithScriptHeld(page, '/')
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(menu).not.toHaveAttribute(HELD_PRESS_ATTRIBUTE)
    release()
    await mobileMenuStarted(page)
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
  })

  test('opens the request dialog with its form at once, and sends what was typed', async ({
    page,
    errors,
  }) => {
    const { bodies, release } = await openFormWithScriptHeld(page, '/resources/guides')
    const button = page.getByRole('button', { name: /^Request Guide/ }).first()
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Request Guide' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace')
    await dialog.getByLabel('Email', { exact: true }).fill('ada@example.com')
    const send = dialog.getByRole('button', { name: 'Send Request' })
    await send.click()
    await expect(send).toHaveAttribute(HELD_PRESS_ATTRIBUTE, '')
    await expect(dialog).toBeVisible()
    expect(bodies).toEqual([])
    release()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('alertdialog')).toContainText('Request Sent')
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' })
    await expect(button).toBeFocused()
    expect(new URL(page.url()).search).toBe('')
    expect(errors).toEqual([])
  })

  test('sends the contact form typed before it started, as the form, not a page load', async ({
    page,
    errors,
  }) => {
    const { bodies, release } = await openFormWithScriptHeld(page, '/contact')
    const field = (label: string) => page.getByLabel(label, { exact: false }).first()
    await field('Name').fill('Ada Lovelace')
    await field('Email').fill('ada@example.com')
    await field('Message').fill('We hire four backend engineers this quarter.')
    const send = page.getByRole('button', { name: 'Send Message' })
    await send.click()
    await expect(send).toHaveAttribute(HELD_PRESS_ATTRIBUTE, '')
    release()
    await expect(page.getByRole('alertdialog')).toContainText('Message sent!')
    expect(bodies).toEqual([{ ...adaMessage, phone: '' }])
    expect(new URL(page.url()).search).toBe('')
    expect(errors).toEqual([])
  })

  test('a booking link opens its dialog at once, and the scheduler shows in it', async ({
    page,
  }) => {
    await stubScheduler(page)
    const release = await openWithScriptHeld(page, '/linkedin')
    await page
      .getByRole('main')
      .getByRole('link')
      .and(page.locator('[data-opens="booking"]'))
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: 'Book a 30-minute call with Panelwise' })
    await expect(dialog).toBeVisible()
    await expect(
      page.frameLocator('dialog iframe').getByRole('heading', { name: 'Pick a time' }),
    ).toBeVisible()
    expect(page.context().pages()).toHaveLength(1)
    release()
  })
})

test.describe('a page script that arrives slowly', () => {
  test('every press meanwhile is answered: dropdown, booking, and the dropdown again', async ({
    page,
    errors,
  }) => {
    await stubScheduler(page)
    // 1.5 s late, as on a slow phone network.
    await page.route(PAGE_SCRIPT, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const resources = nav.getByRole('button', { name: 'Resources' })
    await resources.click()
    await expect(resources).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Technical Guides' })).toBeVisible()
    await resources.click()
    await expect(resources).toHaveAttribute('aria-expanded', 'false')
    const booking = page.getByRole('main').locator('[data-opens="booking"]').first()
    await booking.click()
    const dialog = page.getByRole('dialog', { name: 'Book a 30-minute call with Panelwise' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await allIslandsHydrated(page)
    await resources.click()
    await expect(resources).toHaveAttribute('aria-expanded', 'true')
    await booking.click()
    await expect(dialog).toBeVisible()
    expect(page.context().pages()).toHaveLength(1)
    expect(errors).toEqual([])
  })
})

// Whose press it is, the loader's or React's, is settled when it begins: a press is answered
// once, by one of them, whenever in the island's start it lands.
test.describe('a press while an island starts', () => {
  const industries = (page: Page) =>
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Industries' })
  const island = (page: Page) => page.locator('[data-island="nav/NavMenu"]').first()

  /** Opens the home page with the islands' code held, and focuses Industries: nothing started. */
  async function focusWithIslandCodeHeld(page: Page) {
    const releaseChunks = await holdRequests(page, ISLAND_CODE)
    // Not `load`: the page script, once added, may wait on a held chunk (see openWithScriptHeld).
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const trigger = industries(page)
    await trigger.focus()
    return { releaseChunks, trigger }
  }

  test('begun before the island listened and ended after it started, it opens the menu', async ({
    page,
    errors,
  }) => {
    // The island's code is held, so the press begins before React listens.
    const releaseChunks = await holdRequests(page, ISLAND_CODE)
    // Not `load`: the page script, once added, may wait on a held chunk (see openWithScriptHeld).
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    const trigger = industries(page)
    await trigger.hover()
    await page.mouse.down()
    releaseChunks()
    await expect(island(page)).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true')
    await page.mouse.up()
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(trigger).not.toHaveAttribute(HELD_PRESS_ATTRIBUTE)
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'AI & Machine Learning' }),
    ).toBeVisible()
    // React's own state is open: Escape closes it.
    await page.keyboard.press('Escape')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    expect(errors).toEqual([])
  })

  test('pressed in the moment React starts to hydrate it, the menu opens once', async ({
    page,
    errors,
  }) => {
    // The press lands right after hydrateRoot is called, before React has committed anything:
    // React sees it begin and answers it, so the loader must not answer it too.
    await page.addInitScript(
      ([listening, hydrated]) => {
        const observer = new MutationObserver(() => {
          const island = document.querySelector('[data-island="nav/NavMenu"]')
          if (!island?.hasAttribute(listening!) || island.hasAttribute(hydrated!)) return
          observer.disconnect()
          const trigger = [...island.querySelectorAll('button')].find(
            (button) => button.textContent?.trim() === 'Industries',
          )!
          const { x, y, width, height } = trigger.getBoundingClientRect()
          const at = { clientX: x + width / 2, clientY: y + height / 2 }
          const pointer = { bubbles: true, cancelable: true, composed: true, pointerId: 1, ...at }
          const mouse = { ...pointer, pointerType: 'mouse', isPrimary: true, button: 0, detail: 1 }
          trigger.dispatchEvent(new PointerEvent('pointerdown', { ...mouse, buttons: 1 }))
          trigger.dispatchEvent(new PointerEvent('pointerup', mouse))
          trigger.dispatchEvent(new PointerEvent('click', mouse))
        })
        observer.observe(document, {
          subtree: true,
          attributes: true,
          attributeFilter: [listening!],
        })
      },
      [LISTENING_ATTRIBUTE, HYDRATED_ATTRIBUTE],
    )
    await page.goto('/')
    const trigger = industries(page)
    await trigger.hover()
    await expect(island(page)).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true')
    // Frames for a second press, had the held one been replayed twice, to close the menu again.
    await nextFrames(page)
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(trigger).not.toHaveAttribute(HELD_PRESS_ATTRIBUTE)
    expect(errors).toEqual([])
  })

  test('a menu opened from the keyboard and tabbed into before the island started stays open, and Escape closes it', async ({
    page,
  }) => {
    const { releaseChunks, trigger } = await focusWithIslandCodeHeld(page)
    await page.keyboard.press('Space')
    await expect(trigger).toHaveAttribute(HELD_PRESS_ATTRIBUTE, '')
    // Tab's key goes down on the button, and begins no press of it: the held press, replayed
    // once the island has started, is React's to answer.
    await page.keyboard.press('Tab')
    const firstLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'AI & Machine Learning' })
    await expect(firstLink).toBeFocused()
    // Every value the button says from here on: the menu is open, and must stay so.
    const saidExpanded = await trigger.evaluateHandle((button) => {
      const values: (string | null)[] = []
      new MutationObserver(() => values.push(button.getAttribute('aria-expanded'))).observe(
        button,
        { attributeFilter: ['aria-expanded'] },
      )
      return values
    })
    releaseChunks()
    await expect(island(page)).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true')
    await expect(trigger).not.toHaveAttribute(HELD_PRESS_ATTRIBUTE)
    // Frames for a replay answered twice, which would close the panel under the focused link.
    await nextFrames(page)
    expect(await saidExpanded.jsonValue()).not.toContain('false')
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(firstLink).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expect(trigger).toBeFocused()
  })

  test('a key pressed before the island listened and released after it started opens the menu once', async ({
    page,
  }) => {
    const { releaseChunks, trigger } = await focusWithIslandCodeHeld(page)
    await page.keyboard.down(' ')
    releaseChunks()
    await expect(island(page)).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true')
    await page.keyboard.up(' ')
    await expect(trigger).not.toHaveAttribute(HELD_PRESS_ATTRIBUTE)
    // Frames for a second press, had the key been answered twice, to close the menu again.
    await nextFrames(page)
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  })
})
