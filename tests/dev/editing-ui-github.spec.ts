// The editing UI's GitHub mode (docs/editing-ui.md) against a local fake of GitHub's REST API
// (../fake-github/repo.ts) holding the site copy's content/: a save in Decap's editorial workflow
// is a branch cms/<collection>/<slug> from main, a commit on it and a pull request to main, and
// the content check still refuses a bad value before anything reaches GitHub.
import type { Page } from '@playwright/test'
import { expect, test as siteTest } from './admin-site.ts'
import {
  fakeGitHubFixture,
  type FakeGitHubRepo,
  type RecordedRequest,
} from '../fake-github/repo.ts'
import { signInAsFakeWriter } from './github-sign-in.ts'

const REPO = 'panelwise/site'

const test = siteTest.extend<object, { github: FakeGitHubRepo; repository: FakeGitHubRepo }>({
  // The fake starts first: the dev server is told its address.
  github: fakeGitHubFixture(REPO),
  adminEnv: [
    async ({ github }, provide) =>
      provide({ CMS_BACKEND: 'github', CMS_GITHUB_REPO: REPO, CMS_GITHUB_API_ROOT: github.origin }),
    { scope: 'worker' },
  ],
  // main holds the site copy's content/ as the dev server sees it.
  repository: [
    async ({ github, adminSite }, provide) => {
      await github.importFolder(adminSite.contentDir, 'content')
      await provide(github)
    },
    { scope: 'worker' },
  ],
})

// As in editing-ui.spec.ts: one 4.7 MB script, the whole content check per save, a loaded machine.
test.describe.configure({ timeout: 240_000 })

/** Opens an entry signed in as the fake's writer (./github-sign-in.ts). */
async function openEntry(page: Page, collection: string, slug: string) {
  await signInAsFakeWriter(page)
  await page.goto(`/admin/#/collections/${collection}/entries/${slug}`)
  await expect(page.getByText(`Writing in ${collection[0]!.toUpperCase()}`)).toBeVisible()
}

/** Save: in the editorial workflow, the commit to the entry's branch and its pull request. */
async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click()
}

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

const writes = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method !== 'GET').map((r) => `${r.method} ${r.url}`)

test('a save in GitHub mode is a branch from main, a commit and a pull request', async ({
  page,
  repository,
}) => {
  const file = 'content/faqs/about.yaml'
  const main = repository.branchHead('main')!
  const mainTree = repository.commit(main)!.tree
  const original = repository.fileInTree(mainTree, file)!.toString('utf8')
  const text = 'Two engineering leaders, edited through a pull request.'

  await openEntry(page, 'faqs', 'about')
  const answer = page.getByLabel('Answer', { exact: true }).first()
  await expect(answer).toHaveValue(/^Two engineering leaders/)
  await answer.fill(text)
  await save(page)

  const prefix = `/repos/${REPO}`
  await expect
    .poll(() => repository.requests.filter((r) => r.url === `${prefix}/pulls` && r.status === 201))
    .toHaveLength(1)
  // Decap then reads the entry back from its pull request, as a draft of the workflow.
  await expect(page.getByText('Status: Draft')).toBeVisible()
  const requests = repository.requests
  // Every call Decap made was one the fake answers (an unknown endpoint is a 404).
  expect(
    requests.filter((r) => r.status >= 400).map((r) => `${r.method} ${r.url} ${r.status}`),
  ).toEqual([])

  // The branch, from a commit whose parent is main's.
  const branch = requests.find((r) => r.method === 'POST' && r.url === `${prefix}/git/refs`)!
  expect(branch.status).toBe(201)
  expect(branch.body!.ref).toBe('refs/heads/cms/faqs/about')
  const head = String(branch.body!.sha)
  const commit = created(requests, '/git/commits', head)
  expect(commit.body!.parents).toEqual([main])

  // The commit's tree holds the edited file, as the blob Decap uploaded.
  const tree = created(requests, '/git/trees', String(commit.body!.tree))
  expect(tree.body!.base_tree).toBe(main)
  const entries = tree.body!.tree as { path: string; sha: string }[]
  expect(entries.map((entry) => entry.path)).toEqual([file])
  const blob = created(requests, '/git/blobs', entries[0]!.sha)
  const uploaded = Buffer.from(String(blob.body!.content), 'base64').toString('utf8')
  expect(uploaded).toContain(text)
  expect(uploaded).not.toContain('was lost to rushed')
  expect(repository.fileInTree(repository.commit(head)!.tree, file)!.toString('utf8')).toBe(
    uploaded,
  )

  // The pull request, from that branch to main, marked as a draft of the workflow.
  const pull = requests.find((r) => r.method === 'POST' && r.url === `${prefix}/pulls`)!
  expect(pull.body).toMatchObject({ head: 'panelwise:cms/faqs/about', base: 'main' })
  expect(repository.pulls).toMatchObject([
    { head: 'cms/faqs/about', base: 'main', state: 'open', labels: ['decap-cms/draft'] },
  ])
  expect(repository.branchHead('cms/faqs/about')).toBe(head)

  // main is untouched: same commit, same file.
  expect(repository.branchHead('main')).toBe(main)
  expect(repository.fileInTree(mainTree, file)!.toString('utf8')).toBe(original)
  expect(writes(requests).filter((write) => write.endsWith('/git/refs/heads/main'))).toEqual([])
})

test('a bad value is refused with the content check’s sentence, and nothing reaches GitHub', async ({
  page,
  repository,
}) => {
  const before = repository.requests.length
  await openEntry(page, 'tags', 'hiring-process')
  await page.getByLabel('Description', { exact: true }).fill('Too short.')
  await save(page)
  await expect(
    page.getByText(
      'content/tags/hiring-process.yaml:2:1  description  should be at least 50 characters so search engines show it',
    ),
  ).toBeVisible()
  // The check answered before Decap's first upload, so no blob, tree, commit, branch or PR.
  expect(writes(repository.requests.slice(before))).toEqual([])
  expect(repository.branchHead('cms/tags/hiring-process')).toBeUndefined()
  expect(repository.pulls.filter((pull) => pull.head === 'cms/tags/hiring-process')).toEqual([])
})
