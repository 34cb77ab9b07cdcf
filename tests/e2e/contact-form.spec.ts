import { expect, test, type Page, type Route } from '@playwright/test'
import ContactForm from '../../components/forms/ContactForm.island.tsx'
import { adaMessage, contactFormProps } from './fixtures.ts'
import {
  answerFunctionCalls,
  answerOk,
  holdFunctionAnswers,
  keptInBrowser,
} from './function-calls.ts'
import { collectConsole, collectErrors, expectNoAxeViolations, nextFrames } from './helpers.ts'
import { openIslandPage } from './island-harness.tsx'
import { guideRequests, openContactForm } from './island-pages.tsx'

const field = (page: Page, label: string) => page.getByLabel(label, { exact: false }).first()
const send = (page: Page) => page.getByRole('button', { name: 'Send Message' })

async function fillAll(page: Page) {
  await field(page, 'Name').fill(adaMessage.name)
  await field(page, 'Email').fill(adaMessage.email)
  await field(page, 'Phone Number').fill(adaMessage.phone)
  await field(page, 'Message').fill(adaMessage.message)
}

test('has the four fields with their placeholders, required rules and a 150px message area', async ({
  page,
}) => {
  const errors = collectErrors(page)
  await openContactForm(page)
  const expectations: [string, string, string, boolean][] = [
    ['Name', 'John Doe', 'text', true],
    ['Email', 'john@example.com', 'email', true],
    ['Phone Number', '(555) 123-4567', 'tel', false],
  ]
  for (const [label, placeholder, type, required] of expectations) {
    const input = field(page, label)
    await expect(input).toHaveAttribute('placeholder', placeholder)
    await expect(input).toHaveAttribute('type', type)
    if (required) await expect(input).toHaveAttribute('required', '')
    else await expect(input).not.toHaveAttribute('required')
  }
  const message = field(page, 'Message')
  await expect(message).toHaveAttribute('placeholder', 'Tell us about your needs...')
  await expect(message).toHaveAttribute('required', '')
  expect((await message.boundingBox())!.height).toBeGreaterThanOrEqual(150)
  expect(errors).toEqual([])
})

test('the browser blocks an incomplete or malformed form: nothing is sent', async ({ page }) => {
  const bodies = await answerFunctionCalls(page, answerOk)
  await openContactForm(page)
  await send(page).click()
  await expect(field(page, 'Name')).toHaveJSProperty('validity.valueMissing', true)
  await fillAll(page)
  await field(page, 'Email').fill('ada-at-example')
  await send(page).click()
  await expect(field(page, 'Email')).toHaveJSProperty('validity.typeMismatch', true)
  await nextFrames(page)
  expect(bodies).toEqual([])
})

test('sends the exact payload, shows "Sending...", clears the fields and says "Message sent!"', async ({
  page,
}) => {
  const { bodies, release } = await holdFunctionAnswers(page)
  await openContactForm(page)
  await fillAll(page)
  await send(page).click()
  const sending = page.getByRole('button', { name: 'Sending...' })
  await expect(sending).toBeDisabled()
  release()
  const toast = page.getByRole('alertdialog')
  await expect(toast).toContainText('Message sent!')
  await expect(toast).toContainText("We'll get back to you as soon as possible.")
  await expect(toast).toHaveAttribute('data-variant', 'default')
  expect(bodies).toEqual([adaMessage])
  for (const label of ['Name', 'Email', 'Phone Number', 'Message'])
    await expect(field(page, label)).toHaveValue('')
  await expect(send(page)).toBeEnabled()
})

test('without a phone number the payload says phone ""', async ({ page }) => {
  const bodies = await answerFunctionCalls(page, answerOk)
  await openContactForm(page)
  await fillAll(page)
  await field(page, 'Phone Number').fill('')
  await send(page).click()
  await expect(page.getByRole('alertdialog')).toContainText('Message sent!')
  expect(bodies).toEqual([{ ...adaMessage, phone: '' }])
})

// The spec's failure toast (§8), word for word, and the sentence added when the message is kept.
const FAILURE_TITLE = 'Error'
const FAILURE_SENTENCE = 'There was a problem sending your message. Please try again.'
const KEPT_SENTENCE =
  'Your message is not lost: it is kept in this browser and sent automatically the next time you open a page here or your connection comes back.'

for (const [situation, respond] of [
  ['a 500', (route: Route) => route.fulfill({ status: 500, json: { error: 'Internal error' } })],
  ['a 502', (route: Route) => route.fulfill({ status: 502, body: 'Bad gateway' })],
  [
    'a 503 (the store failed)',
    (route: Route) => route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
  ],
  ['a network failure', (route: Route) => route.abort('connectionrefused')],
  [
    'a 200 HTML page (not the function’s answer)',
    (route: Route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Hi</p>' }),
  ],
] as const)
  test(`on ${situation}: logged, kept, the spec's "Error" toast, the kept sentence, values kept`, async ({
    page,
  }) => {
    const logged = collectConsole(page, 'error')
    const bodies = await answerFunctionCalls(page, respond)
    await openContactForm(page)
    await fillAll(page)
    await send(page).click()
    const toast = page.getByRole('alertdialog', { name: FAILURE_TITLE, exact: true })
    await expect(toast).toHaveAccessibleDescription(`${FAILURE_SENTENCE} ${KEPT_SENTENCE}`)
    await expect(toast).toHaveAttribute('data-variant', 'destructive')
    await expect(page.getByText('Message sent!')).toHaveCount(0)
    // Spec §4: on failure the entered values are kept, and the button is back to idle.
    await expect(field(page, 'Name')).toHaveValue(adaMessage.name)
    await expect(field(page, 'Email')).toHaveValue(adaMessage.email)
    await expect(field(page, 'Phone Number')).toHaveValue(adaMessage.phone)
    await expect(field(page, 'Message')).toHaveValue(adaMessage.message)
    await expect(send(page)).toBeEnabled()
    const kept = await keptInBrowser(page)
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({
      kind: 'contact',
      title: null,
      body: adaMessage,
    })
    expect(bodies).toHaveLength(1)
    expect(logged.some((line) => line.includes('Error sending message'))).toBe(true)
  })

test('success whatever else a 2xx without an error holds: {}, { success: true }, { ok, id }', async ({
  page,
}) => {
  const answers = [{}, { success: true }, { ok: true, id: crypto.randomUUID() }]
  const bodies = await answerFunctionCalls(page, (route) =>
    route.fulfill({ status: 200, json: answers[bodies.length - 1] }),
  )
  await openContactForm(page)
  for (const answer of answers) {
    await fillAll(page)
    await send(page).click()
    const toast = page.getByRole('alertdialog', { name: 'Message sent!', exact: true }).last()
    await expect(toast, JSON.stringify(answer)).toHaveAccessibleDescription(
      "We'll get back to you as soon as possible.",
    )
    await expect(field(page, 'Name')).toHaveValue('')
  }
  expect(bodies).toHaveLength(3)
  expect(await keptInBrowser(page)).toEqual([])
})

test('on an error in the answer: logged, destructive "Error" toast, values kept in the form', async ({
  page,
}) => {
  const logged = collectConsole(page, 'error')
  await answerFunctionCalls(page, (route) => route.fulfill({ json: { error: 'SMTP down' } }))
  await openContactForm(page)
  await fillAll(page)
  await send(page).click()
  // The spec's toast alone: nothing is kept, the visitor sends it again.
  const toast = page.getByRole('alertdialog', { name: FAILURE_TITLE, exact: true })
  await expect(toast).toHaveAccessibleDescription(FAILURE_SENTENCE)
  await expect(toast).toHaveAttribute('data-variant', 'destructive')
  await expect(field(page, 'Name')).toHaveValue('Ada Lovelace')
  await expect(field(page, 'Message')).toHaveValue('We hire four backend engineers this quarter.')
  expect(await keptInBrowser(page)).toEqual([])
  expect(logged.some((line) => line.includes('Error sending message'))).toBe(true)
})

test('no axe violations on the form, and with a toast showing', async ({ page }) => {
  await answerFunctionCalls(page, answerOk)
  await openContactForm(page)
  await expectNoAxeViolations(page)
  await fillAll(page)
  await send(page).click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await expectNoAxeViolations(page)
})

test.describe('toasts', () => {
  test('one region for the whole page, announced, dismissible', async ({ page }) => {
    await answerFunctionCalls(page, answerOk)
    await openIslandPage(page, 'contact-and-request', 'Toasts', [
      { name: 'forms/ContactForm', component: ContactForm, props: contactFormProps },
      ...guideRequests,
    ])
    await fillAll(page)
    await send(page).click()
    await expect(page.getByRole('alertdialog')).toHaveCount(1)
    await page.getByRole('button', { name: 'Request Guide' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Request Guide' })
    await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace')
    await dialog.getByLabel('Email', { exact: true }).fill('ada@example.com')
    await dialog.getByRole('button', { name: 'Send Request' }).click()
    // Both islands' toasts sit in the same, single region.
    const region = page.getByRole('region', { name: /notification/i })
    await expect(region).toHaveCount(1)
    await expect(region.getByRole('alertdialog')).toHaveCount(2)
    // Announced: each toast's content is an alert.
    await expect(region.getByRole('alert')).toHaveCount(2)
    await region
      .getByRole('alertdialog')
      .filter({ hasText: 'Message sent!' })
      .getByRole('button', { name: 'Close' })
      .click()
    await expect(region.getByRole('alertdialog')).toHaveCount(1)
    await expect(region).toContainText('Request Sent')
  })

  test('closes by itself after a few seconds', async ({ page }) => {
    await answerFunctionCalls(page, answerOk)
    await openContactForm(page)
    await fillAll(page)
    await send(page).click()
    const toast = page.getByRole('alertdialog')
    await expect(toast).toBeVisible()
    await expect(toast).toHaveCount(0, { timeout: 9000 })
  })
})
