// The editing UI (/admin on `npm run dev`) as a writer uses it, in local mode: the form saves
// straight into content/ (here the copy's), and the content check refuses a bad value with its
// own sentence before anything is written.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './admin-site.ts'

/** Opens an entry in the editor, past the local mode's one-click login. */
async function openEntry(page: Page, collection: string, slug: string) {
  await page.goto(`/admin/#/collections/${collection}/entries/${slug}`)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText(`Writing in ${collection[0]!.toUpperCase()}`)).toBeVisible()
}

/** Publish now: in local mode, the save that writes the file. */
async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).click()
  await page.getByRole('menuitem', { name: 'Publish now' }).click()
}

test('a writer edits an FAQ answer in the form and the file changes', async ({
  page,
  adminSite,
}) => {
  const file = path.join(adminSite.contentDir, 'faqs/about.yaml')
  await openEntry(page, 'faqs', 'about')
  await page.getByText('Who founded Panelwise?').click()
  const answer = page.getByLabel('Answer', { exact: true })
  await answer.fill('Two engineering leaders, edited in the editing UI.')
  await publish(page)
  await expect
    .poll(() => readFile(file, 'utf8'))
    .toContain('Two engineering leaders, edited in the editing UI.')
})

test('a bad value is refused with the content check’s sentence, and nothing is saved', async ({
  page,
  adminSite,
}) => {
  const file = path.join(adminSite.contentDir, 'tags/hiring-process.yaml')
  const before = await readFile(file, 'utf8')
  await openEntry(page, 'tags', 'hiring-process')
  await page.getByLabel('Description', { exact: true }).fill('Too short.')
  await publish(page)
  await expect(
    page.getByText(
      'content/tags/hiring-process.yaml:2:14  description  should be at least 50 characters so search engines show it',
    ),
  ).toBeVisible()
  expect(await readFile(file, 'utf8')).toBe(before)
})
