// The page paints from HTML and CSS alone; the page script is added by the inline loader only
// after the first paint, or at once when a visitor reaches for the page. A press that lands
// before an island has started is held and replayed, never lost.
import { expect, test, type Page } from '@playwright/test'
import { HELD_PRESS_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { allIslandsHydrated, answerFunctionCalls, collectErrors, gate } from './helpers.ts'

const PAGE_SCRIPT = '**/assets/entries/start-islands.*.js'

/** Holds the page script back until the returned function is called. */
async function holdPageScript(page: Page) {
  const script = gate()
  await page.route(PAGE_SCRIPT, async (route) => {
    await script.opened
    await route.continue()
  })
  return script.open
}

test('the HTML references no script file: the loader adds it after the first paint', async ({
  page,
}) => {
  const errors = collectErrors(page)
  const response = await page.goto('/')
  const html = await response!.text()
  expect(html).not.toMatch(/<script[^>]*\ssrc=/)
  expect(html).not.toContain('modulepreload')
  await allIslandsHydrated(page)
  const timing = await page.evaluate(() => {
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
  expect(timing.scripts).toBeGreaterThan(0)
  expect(timing.firstScript).toBeGreaterThan(timing.paint)
  expect(errors).toEqual([])
})

test.describe('a press before the island starts', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('opens the mobile menu once the island has started', async ({ page }) => {
    const errors = collectErrors(page)
    const release = await holdPageScript(page)
    await page.goto('/')
    const menu = page.getByRole('button', { name: 'Menu' })
    await menu.click()
    await expect(menu).toHaveAttribute(HELD_PRESS_ATTRIBUTE, '')
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    release()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(menu).not.toHaveAttribute(HELD_PRESS_ATTRIBUTE)
    expect(errors).toEqual([])
  })

  test('sends the contact form typed before it started, as the form, not a page load', async ({
    page,
  }) => {
    const errors = collectErrors(page)
    const bodies = await answerFunctionCalls(page, (route) =>
      route.fulfill({ status: 200, json: { success: true } }),
    )
    const release = await holdPageScript(page)
    await page.goto('/contact')
    const field = (label: string) => page.getByLabel(label, { exact: false }).first()
    await field('Name').fill('Ada Lovelace')
    await field('Email').fill('ada@example.com')
    await field('Message').fill('We hire four backend engineers this quarter.')
    const send = page.getByRole('button', { name: 'Send Message' })
    await send.click()
    await expect(send).toHaveAttribute(HELD_PRESS_ATTRIBUTE, '')
    release()
    await expect(page.getByRole('alertdialog')).toContainText('Message sent!')
    expect(bodies).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '',
        message: 'We hire four backend engineers this quarter.',
      },
    ])
    expect(new URL(page.url()).search).toBe('')
    expect(errors).toEqual([])
  })
})
