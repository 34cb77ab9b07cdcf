// What only GitHub runs for a pull request (scripts/github.ts over review/github/), here
// against GitHub's own recorded event payloads, a local fake of its REST API that records every
// request, and a local bare repository standing in for the remote that Pages publishes.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { decapConfig } from '../../../../builder/admin/decap-config.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { githubClient } from '../../../../review/github/client.ts'
import { publishPreview, removePreview } from '../../../../operations/previews/pages-preview.ts'
import {
  parsePullRequestEvent,
  type PullRequestEvent,
} from '../../../../review/github/pull-request-event.ts'
import { FORK_NOTICE, markPreviewRemoved, postReview } from '../../../../review/github/review.ts'
import {
  COMMENT_LIMIT,
  REVIEW_MARKER,
  renderReviewComment,
  type ReviewInputs,
} from '../../../../review/github/review-comment.ts'
import { startFakeGitHub, type FakeGitHub } from '../../helpers/fake-github.ts'
import { scratchDir } from '../../helpers/scratch-dir.ts'

const execFileAsync = promisify(execFile)
const git = async (cwd: string, ...args: string[]) =>
  (
    await execFileAsync(
      'git',
      ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args],
      {
        cwd,
      },
    )
  ).stdout.trim()

const payload = (action: string) =>
  JSON.parse(readFileSync(`tests/fixtures/github/pull_request.${action}.json`, 'utf8')) as Record<
    string,
    unknown
  > & { pull_request: { head: { repo: Record<string, unknown> } } }

/** The recorded `opened` payload, its head repository swapped for a fork of the base. */
function forkPayload() {
  const event = payload('opened')
  event.pull_request.head.repo = {
    ...event.pull_request.head.repo,
    full_name: 'someone-else/Hello-World',
    owner: { login: 'someone-else' },
    fork: true,
  }
  return event
}

const opened = parsePullRequestEvent(payload('opened'))
const synchronize = parsePullRequestEvent(payload('synchronize'))
const closed = parsePullRequestEvent(payload('closed'))
const fromFork = parsePullRequestEvent(forkPayload())

const PAGES = {
  url: 'https://api.github.com/repos/Codertocat/Hello-World/pages',
  status: 'built',
  build_type: 'legacy',
  source: { branch: 'gh-pages', path: '/' },
  html_url: 'https://codertocat.github.io/Hello-World/',
}
const PREVIEW_URL = 'https://codertocat.github.io/Hello-World/pr-2/'
/** The editor's GitHub mode, whose "View Preview" link follows the preview's status. */
const GITHUB_MODE = { mode: 'github', repo: 'Codertocat/Hello-World', branch: 'main' } as const
const NO_CHOICES = new Proxy({}, { get: () => [] })
const COMMENTS_PATH = '/repos/Codertocat/Hello-World/issues/2/comments'

const inputsFor = (
  event: PullRequestEvent,
  overrides: Partial<ReviewInputs> = {},
): ReviewInputs => ({
  headSha: event.headSha,
  runUrl: 'https://github.com/Codertocat/Hello-World/actions/runs/7',
  blobUrl: (file, line) =>
    `https://github.com/Codertocat/Hello-World/blob/${event.headSha}/${file}#L${line}`,
  preview: { kind: 'published', url: PREVIEW_URL },
  pageReport: '## Page changes\n\n1 page changed: `/pricing/`\n',
  pageReportOutcome: 'success',
  contentProblems: [],
  ...overrides,
})

let github: FakeGitHub | undefined
afterEach(async () => {
  await github?.close()
  github = undefined
})
const client = (fake: FakeGitHub) => githubClient({ apiUrl: fake.origin, token: 'test-token' })
const requestLines = (fake: FakeGitHub) =>
  fake.requests.map((request) => `${request.method} ${new URL(request.url, 'http://x').pathname}`)

describe('the pull request event', () => {
  it('reads the recorded payloads: number, repository, head commit, fork or not', () => {
    expect(opened).toMatchObject({
      action: 'opened',
      number: 2,
      owner: 'Codertocat',
      repo: 'Hello-World',
      headSha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      baseRef: 'master',
      fromFork: false,
    })
    expect([synchronize.action, closed.action, fromFork.fromFork]).toEqual([
      'synchronize',
      'closed',
      true,
    ])
  })

  it('says plainly when the event is not a pull request', () => {
    expect(() =>
      parsePullRequestEvent({ ref: 'refs/heads/main', commits: [] }, 'push.json'),
    ).toThrow(/^push\.json is not a pull_request event: action/)
  })
})

describe('the review comment', () => {
  it('is created on the first push, marker first, with the preview link and the page report', async () => {
    github = await startFakeGitHub()
    const outcome = await postReview(client(github), opened, inputsFor(opened))
    expect(requestLines(github)).toEqual([`GET ${COMMENTS_PATH}`, `POST ${COMMENTS_PATH}`])
    expect(github.requests.every((request) => request.authorization === 'token test-token')).toBe(
      true,
    )
    const body = String(github.requests[1]!.body!.body)
    expect(body.startsWith(REVIEW_MARKER)).toBe(true)
    expect(body).toContain(`**Preview:** ${PREVIEW_URL}`)
    expect(body).toContain('`npm run serve -- --dist <folder>`')
    expect(body).toContain('1 page changed: `/pricing/`')
    expect(outcome.commentUrl).toBe(
      `https://github.com/Codertocat/Hello-World/pull/2#issuecomment-1000`,
    )
    // The summary keeps the links and points to the page report rather than repeating it.
    expect(outcome.summary).toContain('(created for this commit)')
    expect(outcome.summary).toContain(PREVIEW_URL)
    expect(outcome.summary).not.toContain('1 page changed')
    expect(outcome.summary).not.toContain(REVIEW_MARKER)
  })

  it('is edited, not added to, on the next push; a reply quoting it is left alone', async () => {
    const quoting = {
      id: 5,
      body: `> ${REVIEW_MARKER}\n> old report\n\nLooks fine to me`,
      html_url: 'https://github.com/Codertocat/Hello-World/pull/2#issuecomment-5',
      user: { login: 'reviewer', type: 'User' },
    }
    const ours = {
      id: 6,
      body: `${REVIEW_MARKER}\nthe report of the first push`,
      html_url: 'https://github.com/Codertocat/Hello-World/pull/2#issuecomment-6',
      user: { login: 'github-actions[bot]', type: 'Bot' },
    }
    github = await startFakeGitHub({ comments: [quoting, ours] })
    const outcome = await postReview(
      client(github),
      synchronize,
      inputsFor(synchronize, { pageReport: '## Page changes\n\nthe second push\n' }),
    )
    expect(requestLines(github)).toEqual([
      `GET ${COMMENTS_PATH}`,
      'PATCH /repos/Codertocat/Hello-World/issues/comments/6',
    ])
    expect(github.comments).toHaveLength(2)
    expect(github.comments[0]).toEqual(quoting)
    expect(github.comments[1]!.body).toContain('the second push')
    expect(outcome.summary).toContain('(updated for this commit)')
  })

  it('on a fork, calls nothing and says in the summary, plainly, that the summary is all there is', async () => {
    github = await startFakeGitHub()
    const outcome = await postReview(client(github), fromFork, inputsFor(fromFork))
    expect(github.requests).toEqual([])
    expect(outcome.commentUrl).toBeUndefined()
    expect(outcome.summary.startsWith(FORK_NOTICE)).toBe(true)
  })

  it('with a token that may not write, falls back to the summary and says why', async () => {
    github = await startFakeGitHub({ readOnly: true })
    const outcome = await postReview(client(github), opened, inputsFor(opened))
    expect(requestLines(github)).toEqual([`GET ${COMMENTS_PATH}`, `POST ${COMMENTS_PATH}`])
    expect(outcome.commentUrl).toBeUndefined()
    expect(outcome.summary).toMatch(
      /^\*\*This run’s token may not comment on the pull request\*\* \(GitHub answered: “Resource not accessible by integration/,
    )
  })

  it('shows the content check’s problems, each linked to its line, when they kept the page report away', () => {
    const problem = {
      file: 'content/pricing/plans.yaml',
      line: 12,
      column: 5,
      field: 'plans.1.price',
      message: 'Expected a number | got "260 per"',
    }
    const failed = renderReviewComment(
      inputsFor(opened, {
        pageReport: '',
        pageReportOutcome: 'failure',
        contentProblems: [problem],
      }),
    )
    expect(failed).toContain('### Content check: 1 problem in 1 file')
    expect(failed).toContain(
      `| [content/pricing/plans.yaml:12](https://github.com/Codertocat/Hello-World/blob/${opened.headSha}/content/pricing/plans.yaml#L12) | \`plans.1.price\` | Expected a number \\| got "260 per" |`,
    )
    expect(failed).toContain(
      '**No page report for this commit:** the site does not build while the content check fails',
    )
    expect(failed).toContain('**Built site:** none, as the site does not build')
    // A report that was made shows its own account of the content; no second one.
    const made = renderReviewComment(inputsFor(opened, { contentProblems: [problem] }))
    expect(made).not.toContain('### Content check')
  })

  it('is cut to GitHub’s limit, with a pointer to the whole report', () => {
    const long = renderReviewComment(
      inputsFor(opened, {
        pageReport: `## Page changes\n\n${'- a changed line\n'.repeat(10_000)}`,
      }),
    )
    expect(long.length).toBeLessThanOrEqual(COMMENT_LIMIT)
    expect(long).toMatch(/\*\*The report is too long for a comment and was cut here\*\*.*\n$/)
  })
})

describe('the Pages preview', () => {
  const scratch = scratchDir('github-preview-')
  let repoDir = ''
  let remoteDir = ''
  const builtFor: string[] = []
  /** Stands in for `npm run build`: a page that says which base path it was built for. */
  const fakeBuild = async (basePath: string) => {
    builtFor.push(basePath)
    const client = path.join(scratch(), `build-${builtFor.length}`, 'client')
    await mkdir(path.join(client, 'pricing'), { recursive: true })
    await writeFile(path.join(client, 'index.html'), `<a href="${basePath}pricing/">Pricing</a>`)
    await writeFile(path.join(client, 'pricing', 'index.html'), 'Pricing')
    return client
  }
  const remoteFiles = async () =>
    (await git(remoteDir, 'ls-tree', '-r', '--name-only', 'gh-pages')).split('\n').sort()

  /** The preview of `event`'s pull request, built by the fake build, on the fake GitHub. */
  const publishFor = (event: typeof opened) =>
    publishPreview({ octokit: client(github!), event, repoDir, build: fakeBuild })

  beforeAll(async () => {
    remoteDir = path.join(scratch(), 'remote.git')
    repoDir = path.join(scratch(), 'checkout')
    await mkdir(repoDir)
    await git(scratch(), 'init', '--quiet', '--bare', remoteDir)
    await git(repoDir, 'init', '--quiet')
    await writeFile(path.join(repoDir, 'README.md'), 'the site')
    await git(repoDir, 'add', 'README.md')
    await git(repoDir, 'commit', '--quiet', '-m', 'start')
    await git(repoDir, 'remote', 'add', 'origin', remoteDir)
  })

  it('is not built where Pages is not enabled, and the reason says how to enable it', async () => {
    github = await startFakeGitHub()
    const preview = await publishFor(opened)
    expect(preview).toEqual({
      kind: 'unavailable',
      reason: expect.stringMatching(
        /^GitHub Pages is not enabled for this repository; .*“Deploy from a branch”, branch `gh-pages`/,
      ),
    })
    expect(requestLines(github)).toEqual(['GET /repos/Codertocat/Hello-World/pages'])
    expect(builtFor).toEqual([])
  })

  it('is not built where Pages publishes from a workflow', async () => {
    github = await startFakeGitHub({
      pages: { ...PAGES, build_type: 'workflow', source: undefined },
    })
    const preview = await publishFor(opened)
    expect(preview).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringContaining('from a workflow'),
    })
    expect(builtFor).toEqual([])
  })

  it('is built for its own path and committed to gh-pages/pr-<n>/, next to the other previews', async () => {
    github = await startFakeGitHub({ pages: PAGES })
    // Another pull request's preview, already there.
    const other = parsePullRequestEvent({ ...payload('opened'), number: 9 })
    await publishFor(other)
    const preview = await publishFor(opened)
    expect(preview).toEqual({ kind: 'published', url: PREVIEW_URL })
    expect(builtFor).toEqual(['/Hello-World/pr-9/', '/Hello-World/pr-2/'])
    // The head commit's status, pending while it builds, then the preview's address: the link
    // Decap's editorial workflow shows for the entry (its preview_context is this context).
    const statuses = github.requests.filter((request) => request.url.includes('/statuses/'))
    expect(statuses.slice(2)).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: `/repos/Codertocat/Hello-World/statuses/${opened.headSha}`,
        authorization: 'token test-token',
        body: expect.objectContaining({ context: 'deploy/preview', state: 'pending' }),
      }),
      expect.objectContaining({
        url: `/repos/Codertocat/Hello-World/statuses/${opened.headSha}`,
        body: expect.objectContaining({
          context: 'deploy/preview',
          state: 'success',
          target_url: PREVIEW_URL,
        }),
      }),
    ])
    expect(decapConfig(collections, GITHUB_MODE, NO_CHOICES).backend.preview_context).toBe(
      statuses[3]!.body!.context,
    )
    expect(await remoteFiles()).toEqual([
      '.nojekyll',
      'pr-2/index.html',
      'pr-2/pricing/index.html',
      'pr-9/index.html',
      'pr-9/pricing/index.html',
    ])
    expect(await git(remoteDir, 'show', 'gh-pages:pr-2/index.html')).toBe(
      '<a href="/Hello-World/pr-2/pricing/">Pricing</a>',
    )
    expect(await git(remoteDir, 'log', '-1', '--format=%an %s', 'gh-pages')).toBe(
      'github-actions[bot] Preview of #2 at ec26c3e',
    )
    // The working tree and its branch are left as they were.
    expect(await git(repoDir, 'status', '--porcelain')).toBe('')
    expect(await git(repoDir, 'log', '--format=%s')).toBe('start')
  })

  it('that fails to build marks the head commit’s status failed, and says why in the run', async () => {
    github = await startFakeGitHub({ pages: PAGES })
    const failure = publishPreview({
      octokit: client(github),
      event: synchronize,
      repoDir,
      build: () => Promise.reject(new Error('the preview build failed (npm run build, exit 1)')),
    })
    await expect(failure).rejects.toThrow('the preview build failed (npm run build, exit 1)')
    expect(
      github.requests
        .filter((request) => request.url.includes('/statuses/'))
        .map((request) => [request.url, request.body?.state, request.body?.target_url]),
    ).toEqual([
      [`/repos/Codertocat/Hello-World/statuses/${synchronize.headSha}`, 'pending', undefined],
      [`/repos/Codertocat/Hello-World/statuses/${synchronize.headSha}`, 'failure', undefined],
    ])
  })

  it('is a fork’s: nothing asked, nothing built', async () => {
    github = await startFakeGitHub({ pages: PAGES })
    const preview = await publishFor(fromFork)
    expect(preview.kind).toBe('unavailable')
    expect(github.requests).toEqual([])
    expect(builtFor).toHaveLength(2)
  })

  it('is removed when the pull request closes, and the comment says so', async () => {
    github = await startFakeGitHub({
      comments: [
        {
          id: 6,
          body: renderReviewComment(inputsFor(opened)),
          html_url: 'https://github.com/Codertocat/Hello-World/pull/2#issuecomment-6',
          user: { login: 'github-actions[bot]', type: 'Bot' },
        },
      ],
    })
    expect(await removePreview({ event: closed, repoDir })).toBe(true)
    expect(await remoteFiles()).toEqual(['.nojekyll', 'pr-9/index.html', 'pr-9/pricing/index.html'])
    expect(await markPreviewRemoved(client(github), closed)).toBe(true)
    expect(requestLines(github)).toEqual([
      `GET ${COMMENTS_PATH}`,
      'PATCH /repos/Codertocat/Hello-World/issues/comments/6',
    ])
    const body = github.comments[0]!.body
    expect(body).toContain('**Preview:** removed, as the pull request is closed.')
    expect(body).not.toContain(PREVIEW_URL)
    expect(body).toContain('1 page changed: `/pricing/`')
    // Closing again finds nothing to remove.
    expect(await removePreview({ event: closed, repoDir })).toBe(false)
  })
})

describe('npm run github', () => {
  const scratch = scratchDir('github-command-')

  it('review: reads the run’s environment and event file, comments, and writes the job summary', async () => {
    github = await startFakeGitHub()
    const eventPath = path.join(scratch(), 'event.json')
    const summary = path.join(scratch(), 'summary.md')
    const report = path.join(scratch(), 'page-report.md')
    await writeFile(eventPath, JSON.stringify(payload('opened')))
    await writeFile(report, '## Page changes\n\nThe FAQ answer changed.\n')
    const { stdout } = await execFileAsync(
      path.resolve('node_modules/.bin/tsx'),
      [
        'scripts/github.ts',
        'review',
        '--page-report',
        report,
        '--page-report-outcome',
        'success',
        '--preview',
        JSON.stringify({ kind: 'published', url: PREVIEW_URL }),
        '--preview-outcome',
        'success',
      ],
      {
        env: {
          ...process.env,
          GITHUB_API_URL: github.origin,
          GITHUB_SERVER_URL: 'https://github.com',
          GITHUB_REPOSITORY: 'Codertocat/Hello-World',
          GITHUB_RUN_ID: '7',
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: eventPath,
          GITHUB_TOKEN: 'test-token',
          GITHUB_STEP_SUMMARY: summary,
        },
      },
    )
    expect(stdout).toContain(
      'Review comment: https://github.com/Codertocat/Hello-World/pull/2#issuecomment-1000',
    )
    expect(requestLines(github)).toEqual([`GET ${COMMENTS_PATH}`, `POST ${COMMENTS_PATH}`])
    expect(String(github.requests[1]!.body!.body)).toContain('The FAQ answer changed.')
    expect(await readFile(summary, 'utf8')).toMatch(
      /^The report is \[the comment on pull request #2\]/,
    )
  })
})
