// What a prospect does on the real site, as the specs that follow a request end to end repeat it:
// write to us from the contact page, or ask for a guide from the guides page.
import type { Page } from '@playwright/test'
import { hydrated, startContactForm } from './helpers.ts'

export const ADA = {
  name: 'Ada Lovelace',
  phone: '(305) 555-0199',
  message: 'We hire four backend engineers this quarter.',
}

/** Fills the contact page's form as Ada, with this e-mail, and presses Send Message. */
export async function sendContactMessage(page: Page, email: string) {
  const form = await startContactForm(page)
  await form.getByLabel('Name').fill(ADA.name)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone Number').fill(ADA.phone)
  await form.getByLabel('Message').fill(ADA.message)
  await form.getByRole('button', { name: 'Send Message' }).click()
  return form
}

/**
 * Opens the first guide's request dialog on /resources/guides. The dialog and its form are in
 * the HTML and open at once; the form's island starts as the dialog opens, and this waits for it.
 */
export const openGuideRequest = (page: Page) =>
  openFirstRequest(page, '/resources/guides', /^Request Guide/)

/** Opens the first scorecard's request dialog on /resources/interview-scorecards, likewise. */
export const openScorecardRequest = (page: Page) =>
  openFirstRequest(page, '/resources/interview-scorecards', /^Request Scorecard/)

async function openFirstRequest(page: Page, path: string, name: RegExp) {
  await page.goto(path)
  const button = page.getByRole('button', { name }).first()
  await button.scrollIntoViewIfNeeded()
  await button.click()
  await hydrated(page, 'request/RequestDialog')
  return page.getByRole('dialog')
}

/** Fills a request dialog's fields, by label, and presses Send Request. */
export async function sendRequest(page: Page, fields: Record<string, string>) {
  const dialog = page.getByRole('dialog')
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value)
  await dialog.getByRole('button', { name: 'Send Request' }).click()
}
