// The editing UI (/admin on `npm run dev`) as a writer uses it, in local mode: the form saves
// straight into content/ (here the copy's), and the content check refuses a bad value with its
// own sentence before anything is written.
import { PREVIEW_FRAME_TITLE } from '../../admin/preview-frame-title.ts'
import { readFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import type { Page } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { editorPolicyInput } from '../../builder/admin/backend-env.ts'
import { devEditorContentSecurityPolicy } from '../../server/headers.ts'
import { expect, test } from './dev-site.ts'

// The editor is one 4.7 MB script and each save runs the whole content check: on the shared
// 2-core machine (load average 30) one test took up to three minutes.
test.describe.configure({ timeout: 240_000 })

/** Opens an entry in the editor, past the local mode's one-click login; the page's answer. */
async function openEntry(page: Page, collection: string, slug: string) {
  const answer = await page.goto(`/admin/#/collections/${collection}/entries/${slug}`)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText(`Writing in ${collection[0]!.toUpperCase()}`)).toBeVisible()
  return answer
}

/** Publish now: in local mode, the save that writes the file. */
async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Publish now' }).click()
}

test('a writer edits an FAQ answer in the form and the file changes', async ({
  page,
  adminSite,
}) => {
  const file = path.join(adminSite.contentDir, 'faqs/about.yaml')
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  const editorPage = await openEntry(page, 'faqs', 'about')
  // The built editor's policy, plus only React Fast Refresh's preamble and the dev socket
  // (issue 68); the editor runs under it without a single refusal.
  expect(editorPage?.headers()['content-security-policy']).toBe(
    devEditorContentSecurityPolicy(editorPolicyInput(process.env), {
      origin: adminSite.baseURL,
      inlineScripts: [react.preambleCode.replace('__BASE__', '/')],
    }),
  )
  const preview = page.frameLocator('#preview-pane')
  // The local mode links the saved page; the editor's API says where it is (a JSON POST).
  await expect(
    preview.getByRole('link', { name: 'Open the saved page on the dev server ↗' }),
  ).toHaveAttribute('href', /^\//)
  // The first question's answer ("Who founded Panelwise?").
  const answer = page.getByLabel('Answer', { exact: true }).first()
  await expect(answer).toHaveValue(/^Two engineering leaders/)
  await answer.fill('Two engineering leaders, edited in the editing UI.')
  // Drawn as typed, before any save, by the FAQ section's component in the site's stylesheet
  // (text-muted is the palette's slate, #475569).
  // In the sandboxed frame inside Decap's (admin/preview-sandbox.tsx).
  const drawn = preview
    .frameLocator(`iframe[title="${PREVIEW_FRAME_TITLE}"]`)
    .locator('details p', {
      hasText: 'Two engineering leaders, edited in the editing UI.',
    })
  await expect(drawn).toHaveClass('px-5 pb-5 text-muted')
  await expect(drawn).toHaveCSS('color', 'rgb(71, 85, 105)')
  await publish(page)
  await expect
    .poll(() => readFile(file, 'utf8'))
    .toContain('Two engineering leaders, edited in the editing UI.')
  expect(refused).toEqual([])
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
      'content/tags/hiring-process.yaml:2:1  description  should be at least 50 characters so search engines show it',
    ),
  ).toBeVisible()
  expect(await readFile(file, 'utf8')).toBe(before)
})

test('a writer creates an article with a tag and an uploaded cover, and its page renders', async ({
  page,
  adminSite,
}) => {
  const cover = await readFile(
    path.join(adminSite.contentDir, 'articles/images/calibration-disagreement.png'),
  )
  await page.goto('/admin/#/collections/articles/new')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByLabel('Title', { exact: true }).fill('Written in the editing UI')
  await page
    .getByLabel('Description', { exact: true })
    .fill('An article a writer created in the browser form, with a tag and a cover picture.')
  await page.getByLabel('Publish date', { exact: true }).fill('2026-11-20')
  await selectOption(page, 'Author', 'elena-vasquez')
  await selectOption(page, 'Tags', 'hiring-process')
  // The optional cover starts folded; articles have no other group of fields.
  await page.getByRole('button', { name: 'Expand', exact: true }).click()
  await page.getByRole('button', { name: 'Choose an image' }).click()
  await page.locator('input[type="file"]').setInputFiles({
    name: 'editing-ui-cover.png',
    mimeType: 'image/png',
    buffer: cover,
  })
  await page.getByRole('button', { name: 'Choose selected' }).click()
  await page.getByLabel('Alt', { exact: true }).fill('A bar chart of interviewer disagreement.')
  await page.locator('[data-slate-editor]').first().click()
  await page.keyboard.type('The body of an article written in the editing UI.')
  await publish(page)
  const file = path.join(adminSite.contentDir, 'articles/written-in-the-editing-ui.mdx')
  await expect.poll(() => readFile(file, 'utf8').catch(() => '')).toContain('hiring-process')
  expect(await readFile(file, 'utf8')).toContain('./images/editing-ui-cover.png')
  await page.goto('/resources/articles/written-in-the-editing-ui')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Written in the editing UI')
  await expect(page.getByAltText('A bar chart of interviewer disagreement.')).toBeVisible()
})

/** Picks `value` in the select labelled `label` (Decap's react-select: type, then Enter). */
async function selectOption(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value)
  await page.keyboard.press('Enter')
}

/** A request to the dev server with exactly these headers, as another page or script sends it. */
function rawRequest(
  baseURL: string,
  method: string,
  headers: Record<string, string>,
  body = '',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL('/admin/api/v1', baseURL), { method, headers }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

test('the editor’s API refuses another page’s request, before Vite grants a preflight', async ({
  adminSite,
}) => {
  const file = path.join(adminSite.contentDir, 'faqs/about.yaml')
  const before = await readFile(file, 'utf8')
  const raw = before.replace('Who founded Panelwise?', 'Who owns Panelwise now?')
  const save = JSON.stringify({
    action: 'persistEntry',
    params: { entry: { path: 'content/faqs/about.yaml', raw } },
  })
  // The "simple" request a page on another site can send without asking first.
  const simple = await rawRequest(
    adminSite.baseURL,
    'POST',
    { origin: 'https://evil.example', 'content-type': 'text/plain' },
    save,
  )
  expect(simple.status).toBe(403)
  expect(JSON.parse(simple.body)).toEqual({
    error: expect.stringContaining('Origin https://evil.example'),
  })
  // Vite's own CORS rule allows any localhost origin; the API's guard answers first.
  for (const origin of ['https://evil.example', 'http://localhost:1']) {
    const preflight = await rawRequest(adminSite.baseURL, 'OPTIONS', {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    })
    expect(preflight.status).toBe(403)
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
  }
  expect(await readFile(file, 'utf8')).toBe(before)
})
