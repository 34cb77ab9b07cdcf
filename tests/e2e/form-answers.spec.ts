// Issue 54: each form of the real site against each answer the spec allows (§7: "only an error
// field is read"; "Any error in the answer means failure") or a network gives, with the real
// local function behind the page. What the visitor sees (§8, its strings written out here, not
// read from content), what the form keeps (§4), the calls made, and the rows and mails stored.
import { expect, test, type Locator, type Page, type Route } from '@playwright/test'
import { SEND_TIMEOUT_MS } from '../../components/forms/send-request.ts'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/contact-request.ts'
import { CONTACT_FAILURE_TOASTS, FUNCTION_URL, REQUEST_FAILURE_TOASTS } from './fixtures.ts'
import { keptInBrowser } from './function-calls.ts'
import { gate, startContactForm } from './helpers.ts'
import { openGuideRequest, openScorecardRequest } from './prospect.ts'
import { LEADS_POLL, storedLeads, uniqueEmail } from './stored-leads.ts'

interface Toast {
  title: string
  description: string
}

interface Form {
  name: string
  /** Opens the form on its page, started; answers what holds its fields. */
  open: (page: Page) => Promise<Locator>
  submit: string
  /** The fields typed, by label, with the e-mail to type. */
  fields: (email: string) => Record<string, string>
  failure: Toast
  kept: string
  /** The spec's success toast, for the item requested (the body's first line names it). */
  success: (item: string) => Toast
  inDialog: boolean
}

/** A request dialog (a guide's, a scorecard's): one form, its toasts; `sent` words its success. */
function requestForm(
  name: string,
  open: Form['open'],
  fields: Form['fields'],
  sent: (item: string) => string,
): Form {
  return {
    name,
    open,
    submit: 'Send Request',
    fields,
    ...REQUEST_FAILURE_TOASTS,
    success: (item) => ({ title: 'Request Sent', description: sent(item) }),
    inDialog: true,
  }
}

const forms: Form[] = [
  {
    name: 'contact form',
    open: (page) => page.goto('/contact').then(() => startContactForm(page)),
    submit: 'Send Message',
    fields: (email) => ({
      Name: 'Ada Lovelace',
      Email: email,
      'Phone Number': '(305) 555-0199',
      Message: 'We hire four backend engineers this quarter.',
    }),
    ...CONTACT_FAILURE_TOASTS,
    success: () => ({
      title: 'Message sent!',
      description: "We'll get back to you as soon as possible.",
    }),
    inDialog: false,
  },
  requestForm(
    'guide request',
    openGuideRequest,
    (email) => ({ Name: 'Grace Hopper', Email: email, 'Company (optional)': 'Navy Labs' }),
    (item) =>
      `We'll send the "${item.replace(/^Guide Request: /, '')}" guide to your email shortly.`,
  ),
  requestForm(
    'scorecard request',
    openScorecardRequest,
    (email) => ({ Name: 'Katherine Johnson', Email: email, 'Phone (optional)': '555' }),
    (item) => `We'll send the "${item.replace(/^Scorecard Request: /, '')}" to your email shortly.`,
  ),
]

/** The real function takes the request; the page gets `answer` instead of its own. */
const storedThenAnswered = (answer: object) => async (route: Route) => {
  const response = await route.fetch()
  expect(response.status()).toBe(200)
  await route.fulfill({ status: 200, json: answer })
}

interface Answer {
  name: string
  respond: (route: Route) => Promise<void> | void
  /** 'kept': a failure the browser also keeps to send later. */
  outcome: 'success' | 'failure' | 'kept'
  /** No answer at all: the page's clock runs the send's time limit out. */
  hangs?: true
}

const answers: Answer[] = [
  { name: '200 {}', respond: storedThenAnswered({}), outcome: 'success' },
  {
    name: '200 {"success":true}',
    respond: storedThenAnswered({ success: true }),
    outcome: 'success',
  },
  {
    name: '200 {"error":"x"}',
    respond: (route) => route.fulfill({ status: 200, json: { error: 'x' } }),
    outcome: 'failure',
  },
  {
    name: '500',
    respond: (route) => route.fulfill({ status: 500, json: { error: 'Internal error' } }),
    outcome: 'kept',
  },
  { name: 'a network failure', respond: (route) => route.abort('failed'), outcome: 'kept' },
  { name: 'no answer in time', respond: () => {}, outcome: 'kept', hangs: true },
  {
    name: 'a 200 HTML page',
    respond: (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Wi-Fi</title><p>Sign in to continue</p>',
      }),
    outcome: 'kept',
  },
]

/** The bodies the page POSTs to the function, as it sends them (before any route answers). */
function functionCalls(page: Page) {
  const bodies: { message: string; requestId: string }[] = []
  page.on('request', (request) => {
    if (request.url().includes(CONTACT_FUNCTION_PATH) && request.method() === 'POST')
      bodies.push(request.postDataJSON() as { message: string; requestId: string })
  })
  return bodies
}

async function expectToast(page: Page, toast: Toast, after?: string) {
  const shown = page.getByRole('alertdialog', { name: toast.title, exact: true }).last()
  await expect(shown).toHaveAccessibleDescription(
    after ? `${toast.description} ${after}` : toast.description,
  )
}

async function expectValues(holder: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await expect(holder.getByLabel(label, { exact: true })).toHaveValue(value)
}

/** The rows the real function stored for this e-mail, and how many of them were mailed. */
async function expectOneLead(email: string) {
  await expect
    .poll(async () => {
      const rows = (await storedLeads()).filter((lead) => lead.email === email)
      return { rows: rows.length, mails: rows.filter((row) => row.transport === 'log').length }
    }, LEADS_POLL)
    .toEqual({ rows: 1, mails: 1 })
}

for (const form of forms)
  for (const answer of answers)
    test(`${form.name}, ${answer.name}: ${answer.outcome}`, async ({ page }) => {
      const email = uniqueEmail(`answers-${answer.outcome}`)
      const values = form.fields(email)
      const calls = functionCalls(page)
      const reached = gate()
      let held: Route | undefined
      await page.route(FUNCTION_URL, (route) => {
        held = route
        reached.open()
        return answer.respond(route)
      })
      if (answer.hangs) await page.clock.install()
      const holder = await form.open(page)
      // Paused once the form has started: the 15 s are counted from the send exactly.
      if (answer.hangs) await page.clock.pauseAt(await page.evaluate(() => Date.now() + 60_000))
      for (const [label, value] of Object.entries(values))
        await holder.getByLabel(label, { exact: true }).fill(value)
      const submit = holder.getByRole('button', { name: form.submit })
      await submit.click()
      await reached.opened
      if (answer.hangs) {
        await page.clock.runFor(SEND_TIMEOUT_MS)
        await page.clock.resume()
      }
      const item = calls[0]!.message.split('\n')[0]!
      expect(calls).toHaveLength(1)

      if (answer.outcome === 'success') {
        await expectToast(page, form.success(item))
        if (form.inDialog) await expect(page.getByRole('dialog')).toHaveCount(0)
        else await expectValues(holder, { Name: '', Email: '', 'Phone Number': '', Message: '' })
        expect(await keptInBrowser(page)).toEqual([])
        await expectOneLead(email)
        return
      }

      // Spec §8's failure toast word for word (and, when kept, the kept sentence after it);
      // spec §4: the values stay, the dialog stays open, the button is idle again.
      await expectToast(page, form.failure, answer.outcome === 'kept' ? form.kept : undefined)
      await expect(page.getByRole('alertdialog', { name: form.success(item).title })).toHaveCount(0)
      if (form.inDialog) await expect(page.getByRole('dialog')).toBeVisible()
      await expectValues(holder, values)
      await expect(submit).toBeEnabled()
      const kept = await keptInBrowser(page)
      expect(kept).toHaveLength(answer.outcome === 'kept' ? 1 : 0)

      // Send again, the function reachable now: the same request, one row and one mail.
      await held?.abort().catch(() => {}) // the hung one, if any
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await submit.click()
      await expectToast(page, form.success(item))
      if (form.inDialog) await expect(page.getByRole('dialog')).toHaveCount(0)
      else await expectValues(holder, { Name: '', Email: '', 'Phone Number': '', Message: '' })
      expect(calls).toHaveLength(2)
      expect(calls[1]!.requestId).toBe(calls[0]!.requestId)
      await expect.poll(() => keptInBrowser(page)).toEqual([])
      await expectOneLead(email)
    })

test('a kept message follows the edits, and when sent later the form says "Message sent!"', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('answers-edited')
  await page.route(FUNCTION_URL, (route) => route.abort('failed'))
  const form = await forms[0]!.open(page)
  for (const [label, value] of Object.entries(forms[0]!.fields(email)))
    await form.getByLabel(label, { exact: true }).fill(value)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expectToast(page, forms[0]!.failure, CONTACT_FAILURE_TOASTS.kept)
  const [before] = await keptInBrowser(page)
  // The visitor corrects the message: the kept copy is the corrected one, the same request.
  await form.getByLabel('Message', { exact: true }).fill('Five backend engineers, not four.')
  await expect
    .poll(async () => (await keptInBrowser(page)).map((kept) => kept.body.message))
    .toEqual(['Five backend engineers, not four.'])
  expect((await keptInBrowser(page))[0]!.requestId).toBe(before!.requestId)

  // Back online: the kept copy goes, and the form that still shows it says so as on success.
  // (The notice is what sends it: it loads when a form keeps a request, and listens once shown.)
  await expect(page.getByRole('region', { name: 'Requests not sent yet' })).toBeVisible()
  await page.unrouteAll()
  await context.setOffline(true)
  await context.setOffline(false)
  await expectToast(page, forms[0]!.success(''))
  await expect(page.getByRole('alertdialog', { name: 'Sent', exact: true })).toHaveCount(0)
  await expectValues(form, { Name: '', Email: '', 'Phone Number': '', Message: '' })
  await expect.poll(() => keptInBrowser(page)).toEqual([])
  await expectOneLead(email)
  const [row] = (await storedLeads()).filter((lead) => lead.email === email)
  expect(row).toMatchObject({ message: 'Five backend engineers, not four.' })
})

test('Send again and the automatic resend at once: one row, one mail, one success', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('answers-both')
  // Every toast the page shows, by its title, however soon it closes itself.
  await page.addInitScript(() => {
    const shown: string[] = ((window as unknown as { toastsShown: string[] }).toastsShown = [])
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof Element)
            for (const toast of [node, ...node.querySelectorAll('[role="alertdialog"]')])
              if (toast.getAttribute('role') === 'alertdialog')
                shown.push(
                  document.getElementById(toast.getAttribute('aria-labelledby') ?? '')
                    ?.textContent ?? '',
                )
    }).observe(document, { childList: true, subtree: true })
  })
  const toastsShown = () =>
    page.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown)
  await page.route(FUNCTION_URL, (route) => route.abort('failed'))
  const dialog = await openGuideRequest(page)
  const values = forms[1]!.fields(email)
  for (const [label, value] of Object.entries(values))
    await dialog.getByLabel(label, { exact: true }).fill(value)
  await dialog.getByRole('button', { name: 'Send Request' }).click()
  await expectToast(page, forms[1]!.failure, REQUEST_FAILURE_TOASTS.kept)
  await expect(page.getByRole('region', { name: 'Requests not sent yet' })).toBeVisible()

  // Both copies are held on the way until both have left the page, then let through together.
  const both = gate()
  const bodies: { requestId: string }[] = []
  await page.unrouteAll()
  await page.route(FUNCTION_URL, async (route) => {
    bodies.push(route.request().postDataJSON() as { requestId: string })
    if (bodies.length === 2) both.open()
    await both.opened
    await route.continue()
  })
  await dialog.getByRole('button', { name: 'Send Request' }).click()
  await context.setOffline(true)
  await context.setOffline(false)
  await both.opened
  expect(bodies[1]!.requestId).toBe(bodies[0]!.requestId)
  await expect(page.getByRole('alertdialog', { name: 'Request Sent', exact: true })).toHaveCount(1)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect.poll(() => keptInBrowser(page)).toEqual([])
  await expectOneLead(email)
  // Both answers are in: the failure, then one success in the spec's words, and no "Sent".
  expect(await toastsShown()).toEqual(['Request Failed', 'Request Sent'])
})
