// Decap's editorial workflow from end to end in the editing UI's GitHub mode, against the local
// fake of GitHub (../fake-github/repo.ts): Save makes a draft (a branch, a commit and a pull
// request labelled decap-cms/draft), In review and Ready change its label, Publish merges it into
// main and deletes the branch; a deploy status on the branch is the editor's preview link; a bad
// value is refused in the page and nothing reaches GitHub. Every call the editor makes must be
// one the fake knows. Where the editor is served is ./editor-under-test.ts, the one part that
// changes to run this on another server. One page, loaded once: the tests run in order on it.
import { expect, test as base, type Page } from '@playwright/test'
import { timeLimit } from '../../tools/lib/time-limit.ts'
import { serveEditor, SERVE_EDITOR_TIMEOUT, type ServedEditor } from './editor-under-test.ts'
import { FAKE_TOKEN, fakeGitHubFixture, type FakeGitHubRepo } from '../fake-github/repo.ts'
import { signInAsFakeWriter } from './github-sign-in.ts'

const REPO = 'panelwise/site'
const FILE = 'content/faqs/about.yaml'
const BRANCH = 'cms/faqs/about'
const ANSWER = 'Two engineering leaders, published through the editorial workflow.'
const LABEL = {
  draft: 'decap-cms/draft',
  inReview: 'decap-cms/pending_review',
  ready: 'decap-cms/pending_publish',
}

const test = base.extend<object, { github: FakeGitHubRepo; editor: ServedEditor }>({
  github: fakeGitHubFixture(REPO),
  // The fake starts first, so the editor is told its address; its main then holds the content
  // the editor's site was made from.
  editor: [
    async ({ github }, provide) => {
      const editor = await serveEditor({ repo: REPO, apiRoot: github.origin })
      try {
        await github.importFolder(editor.contentDir, 'content')
        await provide(editor)
      } finally {
        await editor.stop()
      }
    },
    { scope: 'worker', timeout: SERVE_EDITOR_TIMEOUT },
  ],
})

// The editor's first load (a 4.7 MB script on the dev server) and a save's content check, on a
// busy 2-core machine: the first test includes both.
test.describe.configure({ mode: 'serial', timeout: timeLimit(80_000) })

let page: Page
let mainBefore: string

test.beforeAll(async ({ browser, editor, github }) => {
  mainBefore = github.branchHead('main')!
  page = await browser.newPage()
  await signInAsFakeWriter(page)
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
  await expect(page.getByText('Writing in F')).toBeVisible()
  const answer = page.getByLabel('Answer', { exact: true }).first()
  await expect(answer).toHaveValue(/^Two engineering leaders/)
  await answer.fill(ANSWER)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  // Decap reads the entry back from its pull request, as a draft of the workflow.
  await expect(page.getByText('Status: Draft', { exact: true })).toBeVisible()

  expect(github.pulls).toMatchObject([
    { number: 1, head: BRANCH, base: 'main', state: 'open', labels: [LABEL.draft] },
  ])
  const head = github.commit(github.branchHead(BRANCH)!)!
  expect(head.parents).toEqual([mainBefore])
  expect(fileOn(github, BRANCH, FILE)).toContain(ANSWER)
  // main is untouched until Publish.
  expect(github.branchHead('main')).toBe(mainBefore)
  expect(fileOn(github, 'main', FILE)).not.toContain(ANSWER)
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
  expect(github.pulls).toHaveLength(1)
})
