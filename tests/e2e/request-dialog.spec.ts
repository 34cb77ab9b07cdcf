import { expect, test, type Locator, type Page, type Route } from '@playwright/test'
import {
  answerFunctionCalls,
  answerOk,
  holdFunctionAnswers,
  keptInBrowser,
} from './function-calls.ts'
import {
  collectConsole,
  collectErrors,
  collectRequests,
  expectNoAxeViolations,
  nextFrames,
} from './helpers.ts'
import { DIALOG_SUBJECT_ATTRIBUTE } from '../../renderer/dialog-attributes.ts'
import { openRequestButtons } from './island-pages.tsx'

const guideButton = (page: Page, title = 'System Design Interview Guide') =>
  // The title is a hidden element of its own: the accessible name may put a space before ":".
  page.getByRole('button', { name: new RegExp(`^Request Guide ?: ${title}$`) })
const scorecardButton = (page: Page) => page.getByRole('button', { name: /^Request Scorecard/ })
const dialog = (page: Page, name = 'Request Guide') => page.getByRole('dialog', { name })
const submit = (page: Page) => page.getByRole('button', { name: 'Send Request' })

/** The page of request buttons, with one button's dialog opened. */
async function openDialog(page: Page, button: (page: Page) => Locator = guideButton) {
  await openRequestButtons(page)
  await button(page).click()
}

async function fill(page: Page, values: Partial<Record<string, string>>) {
  const labels: Record<string, string> = {
    name: 'Name',
    email: 'Email',
    phone: 'Phone (optional)',
    company: 'Company (optional)',
    message: 'Message (optional)',
  }
  for (const [field, value] of Object.entries(values))
    await dialog(page, undefined)
      .or(dialog(page, 'Request Scorecard'))
      .getByLabel(labels[field]!, { exact: true })
      .fill(value!)
}

test('opens a dialog of at most 425px with the five fields; nothing is sent when invalid', async ({
  page,
}) => {
  const errors = collectErrors(page)
  const bodies = await answerFunctionCalls(page, answerOk)
  await openDialog(page)
  await expect(dialog(page)).toBeVisible()
  await expect(dialog(page)).toContainText('Tell us where to send "System Design Interview Guide".')
  const width = (await dialog(page).boundingBox())!.width
  expect(width).toBeLessThanOrEqual(425)
  await expect(dialog(page).getByLabel('Name', { exact: true })).toHaveAttribute('type', 'text')
  await expect(dialog(page).getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email')
  await expect(dialog(page).getByLabel('Phone (optional)')).toHaveAttribute('type', 'tel')
  await expect(dialog(page).getByLabel('Company (optional)')).toBeVisible()
  await expect(dialog(page).getByLabel('Message (optional)')).toHaveAttribute('rows', '3')

  await submit(page).click()
  const name = dialog(page).getByLabel('Name', { exact: true })
  const email = dialog(page).getByLabel('Email', { exact: true })
  await expect(dialog(page).getByText('Name is required')).toBeVisible()
  await expect(dialog(page).getByText('Email is required')).toBeVisible()
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  await expect(name).toHaveAccessibleDescription('Name is required')
  await expect(email).toHaveAccessibleDescription('Email is required')
  // Shown in red.
  // Tailwind's red-700.
  await expect(dialog(page).getByText('Name is required')).toHaveCSS(
    'color',
    'oklch(0.505 0.213 27.518)',
  )
  // Focus goes to the first field in error.
  await expect(name).toBeFocused()

  // Validation re-runs on every change.
  await name.fill('Ada Lovelace')
  await expect(dialog(page).getByText('Name is required')).toHaveCount(0)
  await expect(name).not.toHaveAttribute('aria-invalid', 'true')
  await email.fill('ada@example')
  await expect(email).toHaveAccessibleDescription('Invalid email address')
  await email.fill('ada@example.c')
  await expect(email).toHaveAccessibleDescription('Invalid email address')
  await email.fill('Ada@Example.COM')
  await expect(dialog(page).getByText('Invalid email address')).toHaveCount(0)
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
  expect(bodies).toEqual([])
  expect(errors).toEqual([])
})

test('a guide request sends the exact payload, closes, resets and says "Request Sent"', async ({
  page,
}) => {
  const bodies = await answerFunctionCalls(page, answerOk)
  await openDialog(page)
  await fill(page, {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    message: 'For our hiring panel.',
  })
  await submit(page).click()
  await expect(dialog(page)).toHaveCount(0)
  expect(bodies).toEqual([
    {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '',
      message:
        'Guide Request: System Design Interview Guide\nCompany: Analytical Engines\nMessage: For our hiring panel.',
    },
  ])
  const toast = page.getByRole('alertdialog')
  await expect(toast).toContainText('Request Sent')
  await expect(toast).toContainText(
    'We\'ll send the "System Design Interview Guide" guide to your email shortly.',
  )
  await expect(guideButton(page)).toBeFocused()
  // The form was reset.
  await guideButton(page).click()
  await expect(dialog(page).getByLabel('Name', { exact: true })).toHaveValue('')
  await expect(dialog(page).getByLabel('Email', { exact: true })).toHaveValue('')
})

test('one dialog serves every card: it opens for the item pressed and requests that one', async ({
  page,
}) => {
  const bodies = await answerFunctionCalls(page, answerOk)
  await openRequestButtons(page)
  // One dialog and one form for the two guides.
  await expect(page.locator('dialog')).toHaveCount(2)
  await guideButton(page, 'Behavioral Interview Guide').click()
  await expect(dialog(page)).toContainText('Tell us where to send "Behavioral Interview Guide".')
  await page.keyboard.press('Escape')
  await expect(guideButton(page, 'Behavioral Interview Guide')).toBeFocused()
  // Opened from the other card, it is about the other guide, and sends it.
  await guideButton(page).click()
  await expect(dialog(page)).toContainText('Tell us where to send "System Design Interview Guide".')
  await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com' })
  await submit(page).click()
  await expect(dialog(page)).toHaveCount(0)
  await expect(guideButton(page)).toBeFocused()
  await guideButton(page, 'Behavioral Interview Guide').click()
  await expect(dialog(page)).toContainText('Tell us where to send "Behavioral Interview Guide".')
  await fill(page, { name: 'Grace Hopper', email: 'grace@example.org' })
  await submit(page).click()
  await expect(dialog(page)).toHaveCount(0)
  // The first request's toast may still be open: React Aria puts the newest toast first in the
  // region, so the toast is found by its own sentence, not by its place.
  await expect(
    page.getByRole('alertdialog').filter({
      hasText: 'We\'ll send the "Behavioral Interview Guide" guide to your email shortly.',
    }),
  ).toContainText('Request Sent')
  expect((bodies as { message: string }[]).map((body) => body.message.split('\n')[0])).toEqual([
    'Guide Request: System Design Interview Guide',
    'Guide Request: Behavioral Interview Guide',
  ])
})

test('a scorecard request remembers its scorecard; company "Not provided" when empty', async ({
  page,
}) => {
  const bodies = await answerFunctionCalls(page, answerOk)
  await openDialog(page, scorecardButton)
  await expect(dialog(page, 'Request Scorecard')).toContainText('DevOps Engineer Scorecard')
  await fill(page, { name: 'Grace Hopper', email: 'grace@example.org', phone: '+1 305 555 0100' })
  await page.getByRole('button', { name: 'Send Request' }).click()
  await expect(dialog(page, 'Request Scorecard')).toHaveCount(0)
  expect(bodies).toEqual([
    {
      name: 'Grace Hopper',
      email: 'grace@example.org',
      phone: '+1 305 555 0100',
      message: 'Scorecard Request: DevOps Engineer Scorecard\nCompany: Not provided\nMessage: ',
    },
  ])
  await expect(page.getByRole('alertdialog')).toContainText(
    'We\'ll send the "DevOps Engineer Scorecard" to your email shortly.',
  )
})

// The spec's failure toast (§8), word for word, and the sentence added when the request is kept.
const FAILURE_TITLE = 'Request Failed'
const FAILURE_SENTENCE = 'There was a problem sending your request. Please try again.'
const KEPT_SENTENCE =
  'Your request is not lost: it is kept in this browser and sent automatically the next time you open a page here or your connection comes back.'

// The function unreachable or failing: the request is kept in the browser to be sent later.
const keptFailures: [string, (route: Route) => Promise<void>][] = [
  ['a 500', (route) => route.fulfill({ status: 500, json: { error: 'relay down' } })],
  [
    'a 503 (the store failed)',
    (route) => route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
  ],
  ['a network failure', (route) => route.abort('failed')],
  [
    'a relay error',
    (route) =>
      route.fulfill({ status: 200, headers: { 'x-relay-error': 'true' }, json: { error: 'x' } }),
  ],
  [
    'a 200 HTML page (not the function’s answer)',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Portal</p>' }),
  ],
]
for (const [kind, button] of [
  ['guide', guideButton],
  ['scorecard', scorecardButton],
] as const)
  for (const [situation, respond] of keptFailures)
    test(`${kind}: on ${situation}, kept; the spec's "Request Failed" toast, then the kept sentence`, async ({
      page,
    }) => {
      const logged = collectConsole(page, 'error')
      const bodies = await answerFunctionCalls(page, respond)
      await openDialog(page, button)
      await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com' })
      await submit(page).click()
      const toast = page.getByRole('alertdialog', { name: FAILURE_TITLE, exact: true })
      await expect(toast).toHaveAccessibleDescription(`${FAILURE_SENTENCE} ${KEPT_SENTENCE}`)
      await expect(toast).toHaveAttribute('data-variant', 'destructive')
      await expect(page.getByText('Request Sent')).toHaveCount(0)
      // Spec §4: on failure the dialog stays open with the values, the button back to idle.
      const open = dialog(page, kind === 'guide' ? 'Request Guide' : 'Request Scorecard')
      await expect(open).toBeVisible()
      await expect(open.getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace')
      await expect(open.getByLabel('Email', { exact: true })).toHaveValue('ada@example.com')
      await expect(open.getByRole('button', { name: 'Send Request' })).toBeEnabled()
      const kept = await keptInBrowser(page)
      expect(kept).toHaveLength(1)
      const title = kind === 'guide' ? 'System Design Interview Guide' : 'DevOps Engineer Scorecard'
      expect(kept[0]).toMatchObject({
        kind,
        title,
        body: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '' },
      })
      expect(kept[0]!.body.message).toMatch(
        new RegExp(`^${kind === 'guide' ? 'Guide' : 'Scorecard'} Request: ${title}\n`),
      )
      expect(bodies).toHaveLength(1)
      expect(logged.join('\n')).toContain('Failed to send email request')
    })

// Spec §7: "only an error field is read". A 2xx without one is success, whatever it holds.
for (const [kind, button, success] of [
  [
    'guide',
    guideButton,
    'We\'ll send the "System Design Interview Guide" guide to your email shortly.',
  ],
  [
    'scorecard',
    scorecardButton,
    'We\'ll send the "DevOps Engineer Scorecard" to your email shortly.',
  ],
] as const)
  for (const answer of [{}, { success: true }])
    test(`${kind}: 200 ${JSON.stringify(answer)} is success: "Request Sent", closed, nothing kept`, async ({
      page,
    }) => {
      const bodies = await answerFunctionCalls(page, (route) =>
        route.fulfill({ status: 200, json: answer }),
      )
      await openDialog(page, button)
      await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com' })
      await submit(page).click()
      const toast = page.getByRole('alertdialog', { name: 'Request Sent', exact: true })
      await expect(toast).toHaveAccessibleDescription(success)
      await expect(page.getByRole('dialog')).toHaveCount(0)
      expect(bodies).toHaveLength(1)
      expect(await keptInBrowser(page)).toEqual([])
    })

test('on an error in the answer the dialog stays open with the values and "Request Failed" shows', async ({
  page,
}) => {
  const logged = collectConsole(page, 'error')
  const bodies = await answerFunctionCalls(page, (route) =>
    route.fulfill({ status: 200, json: { error: 'Mail failed' } }),
  )
  await openDialog(page)
  await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com' })
  await submit(page).click()
  // The spec's toast alone: nothing is kept, the visitor sends it again.
  const toast = page.getByRole('alertdialog', { name: FAILURE_TITLE, exact: true })
  await expect(toast).toHaveAccessibleDescription(FAILURE_SENTENCE)
  await expect(toast).toHaveAttribute('data-variant', 'destructive')
  await expect(dialog(page)).toBeVisible()
  await expect(dialog(page).getByLabel('Name', { exact: true })).toHaveValue('Ada Lovelace')
  await expect(dialog(page).getByLabel('Email', { exact: true })).toHaveValue('ada@example.com')
  await expect(submit(page)).toBeEnabled()
  expect(bodies).toHaveLength(1)
  expect(await keptInBrowser(page)).toEqual([])
  expect(logged.join('\n')).toContain('Failed to send email request')
})

test('submission does nothing when no item was selected (spec §5)', async ({ page }) => {
  const bodies = await answerFunctionCalls(page, answerOk)
  await openDialog(page)
  await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com' })
  // The dialog as if opened with no item recorded (the loader records it on every opening).
  await dialog(page).evaluate(
    (element, attribute) => element.closest('dialog')!.removeAttribute(attribute),
    DIALOG_SUBJECT_ATTRIBUTE,
  )
  await submit(page).click()
  await nextFrames(page)
  expect(bodies).toEqual([])
  await expect(dialog(page)).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(submit(page)).toBeEnabled()
})

test('while sending, the button reads "Sending..." and is disabled', async ({ page }) => {
  const { release } = await holdFunctionAnswers(page)
  await openDialog(page)
  await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com' })
  await submit(page).click()
  const sending = dialog(page).getByRole('button', { name: 'Sending...' })
  await expect(sending).toBeVisible()
  await expect(sending).toBeDisabled()
  release()
  await expect(dialog(page)).toHaveCount(0)
})

test('dismissing (Escape, close button) closes it and returns focus to the button', async ({
  page,
}) => {
  await openDialog(page)
  await expect(dialog(page)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveCount(0)
  await expect(guideButton(page)).toBeFocused()
  await guideButton(page).click()
  await dialog(page).getByRole('button', { name: 'Close' }).click()
  await expect(dialog(page)).toHaveCount(0)
  await expect(guideButton(page)).toBeFocused()
})

test('keyboard only: open, fix the errors, send, and land back on the button', async ({ page }) => {
  const bodies = await answerFunctionCalls(page, answerOk)
  await openRequestButtons(page)
  for (let step = 0; step < 10; step++) {
    if (await guideButton(page).evaluate((el) => el === document.activeElement)) break
    await page.keyboard.press('Tab')
  }
  await expect(guideButton(page)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeVisible()
  // Tab order: close, name, email, phone, company, message, send.
  await page.keyboard.press('Tab')
  await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog(page).getByLabel('Name', { exact: true })).toBeFocused()
  await page.keyboard.type('Ada Lovelace')
  await page.keyboard.press('Tab')
  await page.keyboard.type('not-an-address')
  for (let step = 0; step < 4; step++) await page.keyboard.press('Tab')
  await expect(submit(page)).toBeFocused()
  await page.keyboard.press('Enter')
  const email = dialog(page).getByLabel('Email', { exact: true })
  await expect(email).toBeFocused()
  await expect(email).toHaveAccessibleDescription('Invalid email address')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('ada@example.com')
  await expect(email).not.toHaveAttribute('aria-invalid', 'true')
  await page.keyboard.press('Enter') // submits the form from the field
  await expect(dialog(page)).toHaveCount(0)
  await expect(guideButton(page)).toBeFocused()
  expect(bodies).toHaveLength(1)
})

test('no axe violations with the request dialog open, valid and with errors', async ({ page }) => {
  await openDialog(page)
  await expect(dialog(page)).toBeVisible()
  await expectNoAxeViolations(page)
  await submit(page).click()
  await expect(dialog(page).getByText('Name is required')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the form code and the backend client load on demand, not with the page', async ({ page }) => {
  const scripts = collectRequests(page, (request) => request.resourceType() === 'script')
  await answerFunctionCalls(page, answerOk)
  await page.goto('/resources/guides')
  await page.waitForLoadState('networkidle')
  const island = page.locator('[data-island="request/RequestDialog"]').first()
  await expect(island).not.toHaveAttribute('data-hydrated')
  const before = scripts.length
  // The dialog and its form are in the HTML: they open at once; the form starts as they do.
  await page
    .getByRole('button', { name: /^Request Guide/ })
    .first()
    .click()
  await expect(dialog(page)).toBeVisible()
  await expect(island).toHaveAttribute('data-hydrated', 'true')
  const onOpen = scripts.length
  expect(onOpen).toBeGreaterThan(before)
  await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com' })
  await submit(page).click()
  await expect(dialog(page)).toHaveCount(0)
  // supabase-js arrived with the first submit.
  expect(scripts.length).toBeGreaterThan(onOpen)
})
