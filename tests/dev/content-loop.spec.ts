// The writer's loop in `npm run dev`: a content mistake shows on the pages that use the entry,
// with file:line:col and the sentence, and goes away by itself once the file is fixed; every
// other page keeps working meanwhile.
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './dev-site.ts'

// faqs/ai-ml.yaml is shown by /industries/ai-ml only; /services shows other FAQ sets.
const FAQ_FILE = 'faqs/ai-ml.yaml'
const QUESTION = 'Who interviews our machine learning candidates?'
const misspell = (text: string) => text.replace('- question:', '- questoin:')

/** Opens a page and waits until it listens to the dev server (Vite's client says it connected). */
async function openPage(page: Page, path: string) {
  const connected = page.waitForEvent('console', (message) =>
    message.text().includes('[vite] connected'),
  )
  await page.goto(path)
  await connected
}

test('a broken FAQ file shows its problem on the open page, and fixing it brings the page back without a reload', async ({
  page,
  editContent,
}) => {
  await openPage(page, '/industries/ai-ml')
  await expect(page.getByText(QUESTION)).toBeVisible()
  // Lost if the page reloads.
  await page.evaluate(() => Object.assign(window, { writerWasHere: true }))

  await editContent(FAQ_FILE, misspell)
  const problems = page.getByRole('list', { name: 'Content problems' })
  await expect(problems).toContainText(`content/${FAQ_FILE}:3:5`)
  await expect(problems).toContainText('unknown field "questoin"; did you mean "question"?')

  await editContent(FAQ_FILE, (text) => text.replace('- questoin:', '- question:'))
  await expect(page.getByText(QUESTION)).toBeVisible()
  await expect(problems).toHaveCount(0)
  expect(await page.evaluate(() => 'writerWasHere' in window)).toBe(true)
})

test('a broken FAQ file leaves every page that does not show it working', async ({
  page,
  editContent,
}) => {
  await openPage(page, '/industries/ai-ml')
  await editContent(FAQ_FILE, misspell)
  // The page that shows the FAQ set has the problem once the server has seen the edit ...
  await expect(page.getByRole('list', { name: 'Content problems' })).toContainText(FAQ_FILE)
  const broken = await page.request.get('/industries/ai-ml', { headers: { accept: 'text/html' } })
  expect(broken.status()).toBe(500)
  // ... and a page that does not renders as usual.
  const unrelated = await page.goto('/services')
  expect(unrelated?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Content problems' })).toHaveCount(0)
})

/**
 * The status the dev server answers for `address`, or 0 while it resets the connection: once, in
 * a clean run on a loaded machine (2026-11-26), a request made as the route table reloaded after a
 * removed file was reset, and expect.poll does not ask again after a thrown error.
 */
const statusOf = (page: Page, address: string) =>
  page.request
    .get(address, { headers: { accept: 'text/html' } })
    .then((response) => response.status())
    .catch((error: Error) => {
      if (/ECONNRESET|socket hang up/.test(error.message)) return 0
      throw error
    })

test('an article added while the dev server runs has its page at once, and is gone once removed, with no open page reloaded', async ({
  page,
  devSite,
}) => {
  const file = path.join(devSite.contentDir, 'articles/added-while-running.mdx')
  const address = '/resources/articles/added-while-running'
  await openPage(page, '/services')
  await page.evaluate(() => Object.assign(window, { writerWasHere: true }))
  const source = await readFile(
    path.join(devSite.contentDir, 'articles/calibrating-interviewers.mdx'),
    'utf8',
  )
  await writeFile(
    file,
    source.replace(/^title: .*$/m, 'title: An article added while the server runs'),
  )
  try {
    // Vike routes with a table its route hook builds: the new entry must reach it, not only the lists.
    await expect.poll(() => statusOf(page, address)).toBe(200)
    const added = await page.context().newPage()
    await added.goto(address)
    await expect(added.getByRole('heading', { level: 1 })).toHaveText(
      'An article added while the server runs',
    )
    await added.close()
  } finally {
    await rm(file, { force: true })
  }
  await expect.poll(() => statusOf(page, address)).toBe(404)
  // The open page was not reloaded for either change.
  expect(await page.evaluate(() => 'writerWasHere' in window)).toBe(true)
})
