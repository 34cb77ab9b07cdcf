// No interception: the real contact form and a real guide request go through supabase-js to the
// function the local server mounts, and the leads command finds what they stored.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import type { StoredContactRequest } from '../../supabase/functions/send-contact-email/lead-store.ts'
import { hydrated } from './helpers.ts'

const root = path.resolve(import.meta.dirname, '../..')
// playwright.config.ts picks the server's database directory and hands it to every worker.
const dataDir = process.env.E2E_DATA_DIR ?? ''
if (!dataDir) throw new Error('E2E_DATA_DIR is unset: run this suite through playwright.config.ts')

async function storedLeads(): Promise<StoredContactRequest[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/leads.ts', '--json', '--limit', '200'],
    { cwd: root, env: { ...process.env, LEADS_DATA_DIR: dataDir } },
  )
  return JSON.parse(stdout) as StoredContactRequest[]
}

// Unique per run, so rows from earlier runs in the same data directory never match.
const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`

test('a message sent from the contact page is stored and listed by `npm run leads`', async ({
  page,
}) => {
  await page.goto('/contact')
  const form = page.locator('[data-island="forms/ContactForm"]')
  await form.scrollIntoViewIfNeeded()
  // The form starts when a visitor reaches for it.
  await form.getByLabel('Name').focus()
  await hydrated(page, 'forms/ContactForm')
  const email = `ada-${run}@example.com`
  await form.getByLabel('Name').fill('Ada Lovelace')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone Number').fill('(305) 555-0199')
  await form.getByLabel('Message').fill('We hire four backend engineers this quarter.')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message sent!')).toBeVisible()
  await expect(form.getByLabel('Name')).toHaveValue('')

  await expect
    .poll(async () => (await storedLeads()).find((lead) => lead.email === email))
    .toMatchObject({
      kind: 'contact',
      name: 'Ada Lovelace',
      phone: '(305) 555-0199',
      message: 'We hire four backend engineers this quarter.',
      status: 'sent',
    })
})

test('a guide request is stored with its kind, title and company', async ({ page }) => {
  await page.goto('/resources/guides')
  const email = `grace-${run}@example.com`
  const request = page.getByRole('button', { name: /^Request Guide/ }).first()
  await request.scrollIntoViewIfNeeded()
  await hydrated(page, 'request/RequestButton')
  await request.click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill('Grace Hopper')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Company (optional)').fill('Navy Labs')
  await dialog.getByRole('button', { name: 'Send Request' }).click()
  await expect(page.getByText('Request Sent')).toBeVisible()
  await expect(dialog).toBeHidden()

  await expect
    .poll(async () => (await storedLeads()).find((stored) => stored.email === email))
    .toMatchObject({ kind: 'guide', name: 'Grace Hopper', company: 'Navy Labs', status: 'sent' })
  const stored = (await storedLeads()).find((candidate) => candidate.email === email)!
  expect(stored.message).toMatch(/^Guide Request: .+\nCompany: Navy Labs\nMessage: ?$/)
})
