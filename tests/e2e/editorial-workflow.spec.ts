// Decap's editorial workflow from end to end in the built editor (the live site's /admin/),
// against the local fake of GitHub (../fake-github/repo.ts): Save makes a draft (a branch from
// main, a commit and a pull request labelled decap-cms/draft), In review and Ready change its
// label, Publish merges it into main and deletes the branch; a deploy status on the branch is the
// editor's preview link; a bad value is refused by the content check in the page and nothing
// reaches GitHub. The writer signs in through the popup, and the preview pane wears the site's
// stylesheet. Every call the editor makes must be one the fake knows. Where the editor is
// served is ./editor-under-test.ts. One page, loaded once: the tests run in order on it.
import type { Page } from '@playwright/test'
import { timeLimit } from '../harness/time-limit.ts'
import { FAKE_TOKEN, type FakeGitHubRepo, type RecordedRequest } from '../fake-github/repo.ts'
import { EDITOR_REPO, expect, test } from './editor-under-test.ts'
import { keepGitHubStatusOffline } from './github-sign-in.ts'
import { PREVIEW_FRAME_TITLE } from '../../admin/preview-frame-title.ts'
import {
  ENDED as SESSION_ENDED,
  SIGN_IN_AGAIN,
  SIGNED_IN_AGAIN,
} from '../../admin/session-notice.ts'

const REPO = EDITOR_REPO
const FILE = 'content/faqs/about.yaml'
const BRANCH = 'cms/faqs/about'
const ANSWER = 'Two engineering leaders, published through the editorial workflow.'
const LABEL = {
  draft: 'decap-cms/draft',
  inReview: 'decap-cms/pending_review',
  ready: 'decap-cms/pending_publish',
}

// The editor's first load (Decap's 3.4 MB script) and a save's content check in the page (its
// chunk and the content index fetched on the first save): the first test includes both.
test.describe.configure({ mode: 'serial', timeout: timeLimit(45_000) })

let page: Page
let mainBefore: string

// The writer's whole way in: the editor's Login button, the popup through the site's exchange
// and the fake github.com, and back (./editor-sign-in.spec.ts tests its other endings).
test.beforeAll(async ({ browser, editor, github, githubOAuth }) => {
  mainBefore = github.branchHead('main')!
  page = await browser.newPage()
  await editor.connect(page)
  await keepGitHubStatusOffline(page)
  githubOAuth.writerChoice = 'approve'
  await page.goto(editor.adminURL)
  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Login with GitHub' }).click()
  await (await popup).waitForEvent('close', { timeout: timeLimit(15_000) })
  await expect(page.getByRole('button', { name: 'Login with GitHub' })).toHaveCount(0)
  await page.goto(`${editor.adminURL}#/collections/faqs/entries/about`)
})
test.afterAll(() => page.close())

// Every call the editor made was one the fake answers as GitHub does.
test.afterEach(({ github }) => {
  expect(github.unknown.map((request) => `${request.method} ${request.url}`)).toEqual([])
})

/** The text of a file in the tree of a branch's head, or undefined. */
function fileOn(github: FakeGitHubRepo, branch: string, file: string): string | undefined {
  const head = github.branchHead(branch)
  return head && github.fileInTree(github.commit(head)!.tree, file)?.toString('utf8')
}

/** The entry's drawing: a sandboxed frame (admin/preview-sandbox.tsx) inside Decap's preview frame. */
const previewFrame = (on: Page) =>
  on.frameLocator('#preview-pane').frameLocator(`iframe[title="${PREVIEW_FRAME_TITLE}"]`)

/** The recorded request that answered with the object `sha` (a blob, tree or commit). */
function created(requests: RecordedRequest[], endpoint: string, sha: string): RecordedRequest {
  const found = requests.find(
    (request) =>
      request.method === 'POST' &&
      request.url.endsWith(endpoint) &&
      (request.response as { sha?: string } | undefined)?.sha === sha,
  )
  if (!found) throw new Error(`no POST ${endpoint} answered with ${sha}`)
  return found
}

/** The writes (not GETs) among the requests the fake answered, as `METHOD url status`. */
const writesSince = (github: FakeGitHubRepo, from: number) =>
  github.requests
    .slice(from)
    .filter((request) => request.method !== 'GET')
    .map((request) => `${request.method} ${request.url} ${request.status}`)

async function setStatus(page: Page, status: 'In review' | 'Ready', from: string) {
  await page.getByText(`Status: ${from}`, { exact: true }).click()
  await page.getByRole('menuitem', { name: status }).click()
  await expect(page.getByText(`Status: ${status}`, { exact: true })).toBeVisible()
}

test('Save makes a draft: a branch from main, a commit with the new answer, a pull request labelled draft', async ({
  github,
}) => {
  const original = fileOn(github, 'main', FILE)!
  await expect(page.getByText('Writing in F')).toBeVisible()
  const answer = page.getByLabel('Answer', { exact: true }).first()
  await expect(answer).toHaveValue(/^Two engineering leaders/)
  await answer.fill(ANSWER)
  // The preview pane draws the entry as typed (the answer in its closed accordion, as on the
  // page), with the site's own stylesheet, in its sandboxed frame inside Decap's.
  const preview = previewFrame(page)
  await expect(preview.getByText('Who founded Panelwise?')).toBeVisible()
  await expect(preview.getByText(ANSWER)).toHaveCount(1)
  // Tailwind's preflight takes the body's margin away: the stylesheet applies.
  expect(await preview.locator('body').evaluate((body) => getComputedStyle(body).margin)).toBe(
    '0px',
  )
  await page.getByRole('button', { name: 'Save', exact: true }).click()

  const prefix = `/repos/${REPO}`
  await expect
    .poll(() => github.requests.filter((r) => r.url === `${prefix}/pulls` && r.status === 201))
    .toHaveLength(1)
  // Decap reads the entry back from its pull request, as a draft of the workflow.
  await expect(page.getByText('Status: Draft', { exact: true })).toBeVisible()
  const requests = github.requests
  // Every call Decap made was answered as a success: none asked for something missing.
  expect(
    requests.filter((r) => r.status >= 400).map((r) => `${r.method} ${r.url} ${r.status}`),
  ).toEqual([])

  expect(github.pulls).toMatchObject([
    { number: 1, head: BRANCH, base: 'main', state: 'open', labels: [LABEL.draft] },
  ])
  const head = github.commit(github.branchHead(BRANCH)!)!
  expect(head.parents).toEqual([mainBefore])
  expect(fileOn(github, BRANCH, FILE)).toContain(ANSWER)

  // The branch, made by Decap from its commit, whose parent is main's.
  const branch = requests.find((r) => r.method === 'POST' && r.url === `${prefix}/git/refs`)!
  expect(branch.status).toBe(201)
  expect(branch.body!.ref).toBe(`refs/heads/${BRANCH}`)
  const headSha = String(branch.body!.sha)
  expect(github.branchHead(BRANCH)).toBe(headSha)
  const commit = created(requests, '/git/commits', headSha)
  expect(commit.body!.parents).toEqual([mainBefore])

  // The commit's tree holds the edited file, and only it, as the blob Decap uploaded.
  const tree = created(requests, '/git/trees', String(commit.body!.tree))
  expect(tree.body!.base_tree).toBe(mainBefore)
  const entries = tree.body!.tree as { path: string; sha: string }[]
  expect(entries.map((entry) => entry.path)).toEqual([FILE])
  const blob = created(requests, '/git/blobs', entries[0]!.sha)
  const uploaded = Buffer.from(String(blob.body!.content), 'base64').toString('utf8')
  expect(uploaded).toContain(ANSWER)
  expect(uploaded).not.toContain('was lost to rushed')
  expect(fileOn(github, BRANCH, FILE)).toBe(uploaded)

  // The pull request, from that branch to main.
  const pull = requests.find((r) => r.method === 'POST' && r.url === `${prefix}/pulls`)!
  expect(pull.body).toMatchObject({ head: `${REPO.split('/')[0]}:${BRANCH}`, base: 'main' })

  // main is untouched until Publish: same commit, same file, never written.
  expect(github.branchHead('main')).toBe(mainBefore)
  expect(fileOn(github, 'main', FILE)).toBe(original)
  expect(fileOn(github, 'main', FILE)).not.toContain(ANSWER)
  expect(writesSince(github, 0).filter((write) => write.includes('/git/refs/heads/main'))).toEqual(
    [],
  )
})

test('a script in the preview’s drawing runs in an opaque origin and cannot read the token', async () => {
  // Decap's own frame is the editor's origin, and holds the token's storage.
  const token = await page.evaluate(() => localStorage.getItem('decap-cms-user'))
  expect(token).toContain(FAKE_TOKEN)
  const sandbox = page.locator('#preview-pane').contentFrame().locator('iframe').first()
  await expect(sandbox).toHaveAttribute('sandbox', '')
  // Scripts the entry's drawing could hold never run there (no allow-scripts); the test runs one
  // in its place, through the browser's debugger, as an entry's script would run if they did.
  const frame = await (await sandbox.elementHandle())!.contentFrame()
  expect(frame, 'the sandboxed frame').toBeDefined()
  const reach = await frame!.evaluate(() => {
    const attempt = (read: () => unknown) => {
      try {
        return `read: ${String(read())}`
      } catch (error) {
        return `refused: ${(error as Error).name}`
      }
    }
    return {
      origin: self.origin,
      own: attempt(() => localStorage.getItem('decap-cms-user')),
      decaps: attempt(() => parent.localStorage.getItem('decap-cms-user')),
      editors: attempt(() => top!.localStorage.getItem('decap-cms-user')),
      cookies: attempt(() => document.cookie),
    }
  })
  expect(reach).toEqual({
    origin: 'null',
    own: 'refused: SecurityError',
    decaps: 'refused: SecurityError',
    editors: 'refused: SecurityError',
    cookies: 'refused: SecurityError',
  })
})

test('a deploy status on the branch’s commit is the editor’s preview link', async ({ github }) => {
  const url = 'https://preview.example/faqs/'
  // What a preview job does once the pull request's preview is up (GitHub's statuses API).
  const response = await fetch(
    `${github.origin}/repos/${REPO}/statuses/${github.branchHead(BRANCH)}`,
    {
      method: 'POST',
      headers: { authorization: `token ${FAKE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'success', context: 'deploy/preview', target_url: url }),
    },
  )
  expect(response.status).toBe(201)
  // The editor asks for the commit's combined status every 5 s after a save.
  await expect(page.getByRole('link', { name: 'View Preview' })).toHaveAttribute('href', url, {
    timeout: timeLimit(15_000),
  })
})

test('In review, then Ready: the pull request’s label follows the status', async ({
  editor,
  github,
}) => {
  await setStatus(page, 'In review', 'Draft')
  expect(github.pulls[0]!.labels).toEqual([LABEL.inReview])
  await setStatus(page, 'Ready', 'In review')
  expect(github.pulls[0]!.labels).toEqual([LABEL.ready])

  // The workflow board shows the entry in its Ready column.
  await page.goto(`${editor.adminURL}#/workflow`)
  const ready = page.getByRole('heading', { name: 'Ready', exact: true }).locator('xpath=..')
  await expect(ready.locator('a[href*="collections/faqs/entries/about"]')).toBeVisible()
})

test('Publish merges the pull request into main, deletes the branch, and the entry leaves the board', async ({
  editor,
  github,
}) => {
  const branchHead = github.branchHead(BRANCH)!
  await page.locator('a[href*="collections/faqs/entries/about"]').click()
  await expect(page.getByText('Status: Ready', { exact: true })).toBeVisible()
  const asked: string[] = []
  page.once('dialog', (dialog) => {
    asked.push(dialog.message())
    void dialog.accept()
  })
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Publish now' }).click()
  await expect(page.getByText('Entry published')).toBeVisible()
  expect(asked).toEqual(['Are you sure you want to publish this entry?'])

  // A real merge: main moved to a merge commit of the old main and the branch, holding the answer.
  expect(github.pulls).toMatchObject([{ number: 1, state: 'closed', mergedAt: expect.any(String) }])
  const merge = github.commit(github.branchHead('main')!)!
  expect(merge.parents).toEqual([mainBefore, branchHead])
  expect(merge.tree).toBe(github.commit(branchHead)!.tree)
  expect(fileOn(github, 'main', FILE)).toContain(ANSWER)
  expect(github.branchHead(BRANCH)).toBeUndefined()
  const prefix = `/repos/${REPO}`
  expect(writesSince(github, 0).filter((write) => /merge|refs\/heads/.test(write))).toEqual([
    `PUT ${prefix}/pulls/1/merge 200`,
    `DELETE ${prefix}/git/refs/heads/${encodeURIComponent(BRANCH)} 204`,
  ])

  // The board that showed the card in Ready (loaded once per editor load) has no entry left,
  // and a fresh load would list none: the fake has no open pull request.
  await page.goto(`${editor.adminURL}#/workflow`)
  await expect(page.getByRole('heading', { name: 'Ready', exact: true })).toBeVisible()
  await expect(page.locator('a[href*="?ref=workflow"]')).toHaveCount(0)
})

test('a bad value is refused in the page with the content check’s sentence, and nothing reaches GitHub', async ({
  editor,
  github,
}) => {
  const before = github.requests.length
  await page.goto(`${editor.adminURL}#/collections/tags/entries/hiring-process`)
  await page.getByLabel('Description', { exact: true }).fill('Too short.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(
    page.getByText(
      'content/tags/hiring-process.yaml:2:1  description  should be at least 50 characters so search engines show it',
    ),
  ).toBeVisible()
  // The check answered before Decap's first upload: no blob, tree, commit, branch or PR.
  expect(writesSince(github, before)).toEqual([])
  expect(github.branchHead('cms/tags/hiring-process')).toBeUndefined()
  expect(github.pulls.filter((pull) => pull.head === 'cms/tags/hiring-process')).toEqual([])
  expect(github.pulls).toHaveLength(1)
})

test('a list file’s collection lists and opens its entries by file name, with no console error', async ({
  browser,
  editor,
}) => {
  // A page of its own (the other holds an unsaved edit), signed in as Decap keeps the writer.
  const user = await page.evaluate(() => localStorage.getItem('decap-cms-user'))
  const context = await browser.newContext()
  await context.addInitScript((kept) => localStorage.setItem('decap-cms-user', kept), user!)
  const own = await context.newPage()
  await editor.connect(own)
  await keepGitHubStatusOffline(own)
  // Decap logs a configuration it cannot use ("⛔ The Field title is missing…") as an error.
  const errors: string[] = []
  own.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  try {
    await own.goto(`${editor.adminURL}#/collections/testimonials`)
    await own.getByRole('link', { name: 'home', exact: true }).click()
    await expect(own.getByRole('textbox', { name: 'Name' }).first()).toHaveValue('Sarah Whitfield')
    await own.goto(`${editor.adminURL}#/collections/pricing`)
    await expect(own.getByRole('link', { name: 'plans', exact: true })).toBeVisible()
    expect(errors).toEqual([])
  } finally {
    await context.close()
  }
})

// Decap's own Log out and Login would lose the typed answer (its entry load replaces the backup it
// offers, docs/editing-ui.md): the editor's notice signs in again without leaving the entry.
test('a token that expires mid-edit: GitHub’s 401 is said plainly, one click signs in again, and the typed answer is still there and saved', async ({
  browser,
  editor,
  github,
  githubOAuth,
}) => {
  const EDITED = 'Two engineering leaders, typed before the sign-in expired.'
  const NEXT_TOKEN = 'ghu_secondUserToServerToken0123456789'
  // A page of its own (the other holds an unsaved edit), signed in through the popup.
  const context = await browser.newContext()
  const own = await context.newPage()
  await editor.connect(own)
  await keepGitHubStatusOffline(own)
  const popupClosed = async (press: () => Promise<void>) => {
    const popup = own.waitForEvent('popup')
    await press()
    await (await popup).waitForEvent('close', { timeout: timeLimit(15_000) })
  }
  try {
    await own.goto(editor.adminURL)
    await popupClosed(() => own.getByRole('button', { name: 'Login with GitHub' }).click())
    await expect(own.getByRole('button', { name: 'Login with GitHub' })).toHaveCount(0)
    await own.goto(`${editor.adminURL}#/collections/faqs/entries/about`)
    const answer = own.getByLabel('Answer', { exact: true }).first()
    await expect(answer).toHaveValue(/^Two engineering leaders/)
    await answer.fill(EDITED)
    // Eight hours on: GitHub refuses the token with 401 "Bad credentials".
    github.acceptedTokens.delete(FAKE_TOKEN)
    const refusedFrom = github.requests.length
    await own.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(own.getByText(/Failed to persist entry/)).toBeVisible()
    await expect(own.getByRole('alert').filter({ hasText: SESSION_ENDED })).toBeVisible()
    expect(github.requests.slice(refusedFrom).map((request) => request.status)).toContain(401)
    await expect(answer).toHaveValue(EDITED)
    expect(github.branchHead(BRANCH)).toBeUndefined()
    // One press, which GitHub answers with a new token: the entry stays open, as typed.
    githubOAuth.token = NEXT_TOKEN
    github.acceptedTokens.add(NEXT_TOKEN)
    await popupClosed(() => own.getByRole('button', { name: SIGN_IN_AGAIN }).click())
    await expect(own.getByText(SIGNED_IN_AGAIN)).toBeVisible()
    await expect(answer).toHaveValue(EDITED)
    const signedInFrom = github.requests.length
    await own.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(own.getByText('Status: Draft', { exact: true })).toBeVisible()
    expect(fileOn(github, BRANCH, FILE)).toContain(EDITED)
    // Every call since went with the new token, and GitHub took each one.
    expect(
      github.requests
        .slice(signedInFrom)
        .filter(
          (request) => request.authorization !== `token ${NEXT_TOKEN}` || request.status >= 400,
        )
        .map((request) => `${request.method} ${request.url} ${request.status}`),
    ).toEqual([])
    expect(await own.evaluate(() => localStorage.getItem('decap-cms-user'))).toContain(NEXT_TOKEN)
  } finally {
    githubOAuth.token = FAKE_TOKEN
    github.acceptedTokens.add(FAKE_TOKEN)
    github.acceptedTokens.delete(NEXT_TOKEN)
    await context.close()
  }
})
