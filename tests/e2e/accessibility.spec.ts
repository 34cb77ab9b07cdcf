// Every route as a visitor meets it, loaded once, with every per-page check on that one visit: at
// 1280 px, the page in the light scheme, each booking dialog and every other dialog opened in turn
// (axe scoped to the dialog), then the same page switched to the dark scheme, where only the rules
// colours can break run again; then back to light at 390 px, a phone's width, with the menu open.
// axe (WCAG 2.2 AA, colour contrast included) at each step, and no content-security-policy
// violation or console error at any moment; on an illustrated page, its hero illustration
// (./hero-illustration.ts). The scheme and the width change on the open page, as the site follows
// both live (CSS media queries): a second load per width cost about 1 core-s per route (issue 55).
//
// What is the same on many pages is walked once per way it can differ, not once per page: the
// header's dropdowns (./header-variants.ts) and its search dialog. Dialog steps are written from
// the page's built HTML, one per dialog it opens from <main> and one for its booking links: a
// step that would open nothing tells nothing.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectedRoutes } from '../../builder/content/route-table.ts'
import { NOT_FOUND_PATH, pageFile } from '../../builder/prerender/page-file.ts'
import { HYDRATED_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { clientDir } from './built-site.ts'
import { dropdownVariants } from './header-variants.ts'
import {
  expectHeroIllustration,
  heroIllustrationCheck,
  heroIllustrations,
} from './hero-illustration.ts'
import { timeLimit } from '../harness/time-limit.ts'
import {
  allIslandsHydrated,
  collectErrors,
  COLOUR_RULES,
  expectNoAxeViolations,
  isDark,
  listenForCspViolations,
  QUICK_POLL_INTERVALS,
  reachFor,
  stubScheduler,
} from './helpers.ts'
import { DESKTOP, PHONE } from './viewports.ts'

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

/**
 * Opens, in turn, the one dialog each of `openers` opens: axe on its first opening (the same
 * dialog whichever opener opens it), and Escape gives each opener its focus back.
 */
async function openInTurn(page: Page, openers: Locator[]) {
  for (const [index, opener] of openers.entries()) {
    await openDialog(page, opener, async () => {
      if (index === 0) await expectNoAxeViolations(page, 'dialog[open]')
    })
    await expect(opener).toBeFocused()
  }
}

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
 * the policy too. Returns the check for CSP violations and console errors, to call when the
 * test's steps are done.
 */
async function visit(page: Page, route: string) {
  const cspViolations = await listenForCspViolations(page)
  const errors = collectErrors(page)
  await stubScheduler(page)
  const response = await page.goto(route)
  expect(response?.status()).toBe(route === NOT_FOUND ? 404 : 200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('h1')).toHaveCount(1)
  await allIslandsHydrated(page)
  // A screen at a time, each step instant: every island on the way is passed, as a reader's
  // scroll passes it, without the stylesheet's smooth scrolling animating a second of frames.
  await page.evaluate(async () => {
    for (let top = 0; top < document.body.scrollHeight; top += innerHeight) {
      scrollTo({ top, behavior: 'instant' })
      await new Promise(requestAnimationFrame)
    }
    scrollTo({ top: document.body.scrollHeight, behavior: 'instant' })
  })
  await visibleIslandsHydrated(page)
  return async () => {
    expect(await cspViolations()).toEqual([])
    // The not-found page answers 404, which the browser reports, and logs the path (spec §2.17).
    const unexpected = (message: string) =>
      !(
        route === NOT_FOUND &&
        /status of 404 \(Not Found\)|non-existent route: \/no-such-page$/.test(message)
      )
    expect(errors.filter(unexpected)).toEqual([])
  }
}

/** What one opening of a dialog may take on a quiet machine, on top of a test's own 30 s. */
const OPENING_MS = 3_000

for (const route of routes) {
  const main = builtMain(route)
  const bookings = main.match(BOOKING_OPENERS)?.length ?? 0
  const dialogs = dialogsOf(main)
  const openings = bookings + [...dialogs.values()].reduce((sum, count) => sum + count, 0)
  const illustration = heroIllustrations.get(route)
  test.describe(route, () => {
    test.use({ viewport: DESKTOP, colorScheme: 'light' })

    test(`1280 px: light${illustration ? `, ${heroIllustrationCheck(illustration)}` : ''}, with ${bookings} booking and ${dialogs.size} other dialogs opened in turn, then dark; 390 px: light, with the menu open: axe-clean, no CSP violation or console error`, async ({
      page,
    }) => {
      test.setTimeout(timeLimit(2 * 30_000 + openings * OPENING_MS))
      const expectNoErrors = await visit(page, route)
      expect(await isDark(page)).toBe(false)
      if (illustration) await expectHeroIllustration(page, illustration)
      await expectNoAxeViolations(page)

      // Each booking link says it opens a dialog and opens it: the page's one booking dialog
      // whichever link opens it (components/booking/).
      const links = page.locator('main a[data-opens="booking"]')
      await expect(links).toHaveCount(bookings)
      for (const link of await links.all())
        await expect(link).toHaveAttribute('aria-haspopup', 'dialog')
      await openInTurn(page, await links.all())

      // Each other dialog, opened from each of its buttons (a page of guides has one request
      // dialog for its seven cards): its code loads under the policy.
      for (const [dialogId, count] of dialogs) {
        const openers = page.locator(`main button[data-opens-dialog="${dialogId}"]:visible`)
        await expect(openers).toHaveCount(count)
        await openInTurn(page, await openers.all())
      }

      // The same page in the dark scheme (the theme follows the system's live): only what
      // colours decide can differ.
      await page.emulateMedia({ colorScheme: 'dark' })
      await expect.poll(() => isDark(page)).toBe(true)
      await expectNoAxeViolations(page, undefined, COLOUR_RULES)

      // Light again, at a phone's width: the layout is another, so every rule runs again. Every
      // island already started on the way down at 1280 px.
      await page.emulateMedia({ colorScheme: 'light' })
      await page.setViewportSize(PHONE)
      await expect.poll(() => isDark(page)).toBe(false)
      await openMenu(page, 'Menu')
      await expectNoAxeViolations(page)
      await expectNoErrors()
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
      const expectNoErrors = await visit(page, route)
      for (const name of ['Industries', 'Resources']) {
        const { trigger, panel } = await openMenu(page, name)
        // The page itself is another test's: what opening adds is the panel.
        await expectNoAxeViolations(page, panel)
        await page.keyboard.press('Escape')
        await expect(trigger).toHaveAttribute('aria-expanded', 'false')
      }
      await expectNoErrors()
    })

  test('/: each header dialog open once: axe-clean, its code loaded with no CSP violation, focus back', async ({
    page,
  }) => {
    const expectNoErrors = await visit(page, '/')
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
    await expectNoErrors()
  })
})
