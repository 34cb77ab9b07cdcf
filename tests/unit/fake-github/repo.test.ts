// The fake GitHub of the editing UI's tests (tests/fake-github/repo.ts) merges, refuses and
// reports as GitHub does: the Playwright test of the editorial workflow only sees the path where
// everything works, so the refusals Decap must meet (405, 409) are checked here, over HTTP.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAKE_TOKEN, startFakeGitHubRepo, type FakeGitHubRepo } from '../../fake-github/repo.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

const REPO = 'panelwise/site'
const folder = scratchDir('fake-github-merge-')
let github: FakeGitHubRepo

beforeAll(async () => {
  await mkdir(path.join(folder(), 'faqs'))
  await writeFile(path.join(folder(), 'faqs/about.yaml'), 'answer: first\n')
  await writeFile(path.join(folder(), 'faqs/pricing.yaml'), 'answer: free\n')
  github = await startFakeGitHubRepo(REPO)
  await github.importFolder(folder(), 'content')
})
afterAll(() => github.close())

/** The fields of GitHub's answers these tests read (some answers are lists). */
interface Answer {
  number: number
  sha: string
  state: string
  mergeable: boolean | null
  statuses: unknown[]
}

async function call(method: string, route: string, body?: unknown) {
  const response = await fetch(`${github.origin}/repos/${REPO}/${route}`, {
    method,
    headers: { authorization: `token ${FAKE_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, data: (text ? JSON.parse(text) : undefined) as Answer }
}

/** A branch from main with `files` committed on it, and its open pull request's number. */
async function pullRequest(branch: string, files: Record<string, string>): Promise<number> {
  await call('POST', 'git/refs', { ref: `refs/heads/${branch}`, sha: github.branchHead('main') })
  github.pushFiles(branch, files, `Edit ${branch}`)
  const pull = await call('POST', 'pulls', {
    title: branch,
    head: `panelwise:${branch}`,
    base: 'main',
  })
  return pull.data.number as number
}

const text = (branch: string, file: string) =>
  github.fileInTree(github.commit(github.branchHead(branch)!)!.tree, file)?.toString()

describe('the fake GitHub', () => {
  it('merges a pull request: main gets a merge commit with the branch’s tree; the PR is closed and merged', async () => {
    const number = await pullRequest('cms/faqs/about', {
      'content/faqs/about.yaml': 'answer: new\n',
    })
    const main = github.branchHead('main')!
    const head = github.branchHead('cms/faqs/about')!

    expect(await call('PUT', `pulls/${number}/merge`, { sha: main })).toMatchObject({
      status: 409,
      data: { message: 'Head branch was modified. Review and try the merge again.' },
    })
    const merged = await call('PUT', `pulls/${number}/merge`, { sha: head, merge_method: 'merge' })
    expect(merged).toMatchObject({ status: 200, data: { merged: true } })
    const commit = github.commit(github.branchHead('main')!)!
    expect(merged.data.sha).toBe(commit.sha)
    expect(commit.parents).toEqual([main, head])
    expect(commit.tree).toBe(github.commit(head)!.tree)
    expect((await call('GET', `pulls/${number}`)).data).toMatchObject({
      state: 'closed',
      merged: true,
      merge_commit_sha: commit.sha,
      head: { sha: head },
    })
    // Merged once: GitHub refuses a second merge.
    expect((await call('PUT', `pulls/${number}/merge`, {})).status).toBe(405)
    expect((await call('DELETE', 'git/refs/heads/cms%2Ffaqs%2Fabout')).status).toBe(204)
    expect(github.branchHead('cms/faqs/about')).toBeUndefined()
    expect((await call('DELETE', 'git/refs/heads/cms%2Ffaqs%2Fabout')).status).toBe(422)
  })

  it('refuses with 405 when main changed the same file since the branch left it, and moves nothing', async () => {
    const number = await pullRequest('cms/faqs/pricing', {
      'content/faqs/pricing.yaml': 'answer: paid\n',
    })
    github.pushFiles('main', { 'content/faqs/pricing.yaml': 'answer: cheap\n' }, 'Someone else')
    const main = github.branchHead('main')!
    expect((await call('GET', `pulls/${number}`)).data.mergeable).toBe(false)
    expect(await call('PUT', `pulls/${number}/merge`, {})).toMatchObject({
      status: 405,
      data: { message: 'Pull Request is not mergeable' },
    })
    expect(github.branchHead('main')).toBe(main)
    expect(github.pulls.find((pull) => pull.number === number)!.state).toBe('open')
  })

  it('merges both sides when main changed another file, as one squashed commit', async () => {
    const number = await pullRequest('cms/faqs/about', {
      'content/faqs/about.yaml': 'answer: again\n',
    })
    github.pushFiles(
      'main',
      { 'content/faqs/pricing.yaml': 'answer: on request\n' },
      'Someone else',
    )
    const main = github.branchHead('main')!
    const squashed = await call('PUT', `pulls/${number}/merge`, { merge_method: 'squash' })
    expect(squashed.status).toBe(200)
    expect(github.commit(github.branchHead('main')!)!.parents).toEqual([main])
    expect(text('main', 'content/faqs/about.yaml')).toBe('answer: again\n')
    expect(text('main', 'content/faqs/pricing.yaml')).toBe('answer: on request\n')
  })

  it('replaces, adds and removes labels, and combines commit statuses by context', async () => {
    const number = await pullRequest('cms/faqs/labels', { 'content/faqs/x.yaml': 'answer: x\n' })
    await call('PUT', `issues/${number}/labels`, { labels: ['decap-cms/draft'] })
    await call('POST', `issues/${number}/labels`, { labels: ['later'] })
    expect((await call('GET', `issues/${number}/labels`)).data).toEqual([
      { name: 'decap-cms/draft' },
      { name: 'later' },
    ])
    expect((await call('DELETE', `issues/${number}/labels/later`)).data).toEqual([
      { name: 'decap-cms/draft' },
    ])
    expect((await call('DELETE', `issues/${number}/labels/later`)).status).toBe(404)

    const sha = github.branchHead('cms/faqs/labels')!
    expect((await call('GET', `commits/${sha}/status`)).data).toMatchObject({
      state: 'pending',
      statuses: [],
    })
    await call('POST', `statuses/${sha}`, { state: 'pending', context: 'deploy/preview' })
    await call('POST', `statuses/${sha}`, {
      state: 'success',
      context: 'deploy/preview',
      target_url: 'https://p.example/',
    })
    await call('POST', `statuses/${sha}`, { state: 'success', context: 'checks' })
    const combined = await call('GET', 'commits/cms%2Ffaqs%2Flabels/status')
    expect(combined.data.state).toBe('success')
    // The newest of each context, newest first.
    expect(combined.data.statuses).toMatchObject([
      { context: 'checks', state: 'success' },
      { context: 'deploy/preview', state: 'success', target_url: 'https://p.example/' },
    ])
    expect((await call('GET', `commits/${sha}/statuses`)).data).toHaveLength(3)
    await call('POST', `statuses/${sha}`, { state: 'failure', context: 'checks' })
    expect((await call('GET', `commits/${sha}/status`)).data.state).toBe('failure')
  })

  it('answers a call it does not know with 404 and keeps it in `unknown`', async () => {
    const before = github.unknown.length
    expect((await call('GET', 'pulls/1/reviews')).status).toBe(404)
    // A known route for a missing object is GitHub's 404, not an unknown call.
    expect((await call('GET', 'git/refs/heads/nowhere')).status).toBe(404)
    expect(github.unknown.slice(before).map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET /repos/${REPO}/pulls/1/reviews`,
    ])
  })
})
