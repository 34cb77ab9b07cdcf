// Every route as a visitor meets it, one test for each way of meeting it, so each test's time
// limit covers one piece of work: the page at 1280 px in the light scheme; the page in the dark
// scheme; the page at 390 px with the menu open; with each booking dialog opened in turn; with
// every other dialog opened in turn. axe (WCAG 2.2 AA, colour contrast included) at each step,
// and no content-security-policy violation at any moment.
//
// What is the same on many pages is walked once per way it can differ, not once per page: the
// header's dropdowns (./header-variants.ts) and its search dialog. Dialog tests are written from
// the page's built HTML, one per dialog it opens from <main> and one for its booking links: a
// test that would open nothing tells nothing.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectedRoutes } from '../../build/content/route-table.ts'
import { NOT_FOUND_PATH, pageFile } from '../../build/prerender/page-file.ts'
import { HYDRATED_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { clientDir } from './built-site.ts'
import { dropdownVariants } from './header-variants.ts'
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

/** The part of the route's built page inside <main>, where its own dialogs' openers are. */
function builtMain(route: string) {
  const html = readFileSync(
    path.join(clientDir, pageFile(route === NOT_FOUND ? NOT_FOUND_PATH : route)),
    'utf8',
  )
  return html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'))
}
const BOOKING_OPENERS = /<a\b[^>]*\sdata-opens="booking"/g
const DIALOG_OPENERS = /<button\b[^>]*\saria-haspopup="dialog"[^>]*>/g

/** The dialogs the buttons in `main` (built HTML) open, each with how many buttons open it. */
function dialogsOf(main: string): Map<string, number> {
  const dialogs = new Map<string, number>()
  for (const button of main.match(DIALOG_OPENERS) ?? []) {
    const id = /\sdata-opens-dialog="([^"]+)"/.exec(button)?.[1]
    if (!id) throw new Error(`A dialog button in main names no dialog: ${button}`)
    dialogs.set(id, (dialogs.get(id) ?? 0) + 1)
  }
  return dialogs
}
const HEADER_DIALOG_OPENERS = 'header button[data-opens-dialog]:visible'

/** Opens the dialog `opener` opens: it shows, `whileOpen` runs, and Escape closes it. */
async function openDialog(page: Page, opener: Locator, whileOpen = async () => {}) {
  await opener.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await whileOpen()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

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
  const main = builtMain(route)
  test.describe(route, () => {
    test.describe('light, 1280 px', () => {
      test.use({ viewport: DESKTOP, colorScheme: 'light' })

      test('axe-clean, no CSP violation', async ({ page }) => {
        const expectNoCspViolations = await visit(page, route)
        expect(await isDark(page)).toBe(false)
        await expectNoAxeViolations(page)
        await expectNoCspViolations()
      })

      // One test per booking link: the home page has seven, and all seven in one test took
      // 35 s of its 30 on a loaded machine (2026-11-25), though each takes a few seconds.
      const bookings = main.match(BOOKING_OPENERS)?.length ?? 0
      for (let index = 0; index < bookings; index++)
        test(`booking dialog ${index + 1} of ${bookings} open: axe-clean, focus back, no CSP violation`, async ({
          page,
        }) => {
          const expectNoCspViolations = await visit(page, route)
          const links = page.locator('main a[data-opens="booking"]')
          await expect(links).toHaveCount(bookings)
          const link = links.nth(index)
          await expect(link).toHaveAttribute('aria-haspopup', 'dialog')
          await openDialog(page, link, () => expectNoAxeViolations(page, 'dialog[open]'))
          await expect(link).toBeFocused()
          await expectNoCspViolations()
        })

      // One test per dialog, opened from each of its buttons in turn: a page of guides has one
      // request dialog for its seven cards, each button opening it for its own guide.
      for (const [dialogId, count] of dialogsOf(main))
        test(`dialog "${dialogId}" open from each of its ${count} buttons: its code loaded with no CSP violation`, async ({
          page,
        }) => {
          const expectNoCspViolations = await visit(page, route)
          const openers = page.locator(`main button[data-opens-dialog="${dialogId}"]:visible`)
          await expect(openers).toHaveCount(count)
          for (const opener of await openers.all()) await openDialog(page, opener)
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

// The header is the same on every page but for which of its links is the current page
// (components/layout/SiteHeader.tsx): each dropdown is opened on one page per way its panel can
// look, and the header's dialogs (search) on one page.
test.describe('the header, light, 1280 px', () => {
  test.use({ viewport: DESKTOP, colorScheme: 'light' })

  for (const { route, menus } of dropdownVariants(routes.filter((route) => route !== NOT_FOUND)))
    test(`${route}: each dropdown open (${menus}): axe-clean, its code loaded with no CSP violation`, async ({
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

  test('/: each header dialog open once: axe-clean, its code loaded with no CSP violation, focus back', async ({
    page,
  }) => {
    const expectNoCspViolations = await visit(page, '/')
    const openers = page.locator(HEADER_DIALOG_OPENERS)
    await expect(openers).not.toHaveCount(0)
    for (const opener of await openers.all()) {
      await openDialog(page, opener, async () => {
        // The search in it starts as its field takes focus: its code has loaded once it has.
        for (const island of await page.locator('dialog[open] [data-island]').all())
          await expect(island).toHaveAttribute(HYDRATED_ATTRIBUTE, 'true')
        await expectNoAxeViolations(page, 'dialog[open]')
      })
      await expect(opener).toBeFocused()
    }
    await expectNoCspViolations()
  })
})
