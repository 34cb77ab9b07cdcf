// No interception: the real contact form and a real guide request go through supabase-js to the
// function the local server mounts, and the leads command finds what they stored.
import { expect, test } from '@playwright/test'
import { CONTACT_FUNCTION_PATH } from '../../supabase/functions/_shared/contact-request.ts'
import { openGuideRequest, sendContactMessage, sendRequest } from './prospect.ts'
import { LEADS_POLL, storedLeads, uniqueEmail } from './stored-leads.ts'

// Unique per run, so rows from earlier runs in the same data directory never match.
const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

// The e2e server has no RESEND_API_KEY: mail goes to its log, and the rows say so ('logged').
test('a message sent from the contact page is stored and listed by `npm run leads`', async ({
  page,
  baseURL,
}) => {
  await page.goto('/contact')
  const email = `ada-${run}@example.com`
  const form = await sendContactMessage(page, email)
  await expect(page.getByText('Message sent!')).toBeVisible()
  await expect(form.getByLabel('Name')).toHaveValue('')

  await expect
    .poll(async () => (await storedLeads()).find((lead) => lead.email === email), LEADS_POLL)
    .toMatchObject({
      kind: 'contact',
      name: 'Ada Lovelace',
      phone: '(305) 555-0199',
      message: 'We hire four backend engineers this quarter.',
      status: 'logged',
      transport: 'log',
      page: `${baseURL}/contact`,
    })
})

test('a guide request is stored with its kind, title and company', async ({ page }) => {
  const email = `grace-${run}@example.com`
  const dialog = await openGuideRequest(page)
  await sendRequest(page, { Name: 'Grace Hopper', Email: email, 'Company (optional)': 'Navy Labs' })
  await expect(page.getByText('Request Sent')).toBeVisible()
  await expect(dialog).toBeHidden()

  await expect
    .poll(async () => (await storedLeads()).find((stored) => stored.email === email), LEADS_POLL)
    .toMatchObject({ kind: 'guide', name: 'Grace Hopper', company: 'Navy Labs', status: 'logged' })
  const stored = (await storedLeads()).find((candidate) => candidate.email === email)!
  expect(stored.message).toMatch(/^Guide Request: .+\nCompany: Navy Labs\nMessage: ?$/)
})

// Issue 13, item 1: exactly the spec's body (valid name, e-mail and message, empty phone), as a
// partner's form or curl would post it, with and without an Origin header.
for (const origin of [true, false])
  test(`the spec's exact body ${origin ? 'with' : 'without'} an Origin header is stored`, async ({
    request,
    baseURL,
  }) => {
    const email = uniqueEmail(origin ? 'spec-origin' : 'spec-no-origin')
    const body = { name: 'Barbara Liskov', email, phone: '', message: 'Three platform engineers.' }
    const response = await request.post(CONTACT_FUNCTION_PATH, {
      data: body,
      headers: origin ? { origin: baseURL! } : {},
    })
    expect(response.status()).toBe(200)
    const answer = (await response.json()) as { ok: boolean; id: string }
    expect(answer).toEqual({ ok: true, id: expect.any(String) })
    const rows = (await storedLeads()).filter((lead) => lead.email === email)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: answer.id, ...body, kind: 'contact', status: 'logged' })
  })
