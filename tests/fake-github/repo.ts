// A local stand-in for the part of GitHub's REST API that Decap's GitHub backend calls
// (decap-cms-backend-github's API.ts and implementation.tsx) in the editorial workflow: the user,
// the repository, git blobs/trees/commits/refs, branches, compare, commits of a path, pull
// requests, their labels (the workflow's columns) and their merge (Publish), and commit statuses
// (the deploy preview link). This file is the HTTP side: the routes, the token check and the
// record of every request with its answer, so a test can follow what was committed where. The
// git objects are ./git.ts; pull requests and statuses ./pulls.ts.
// A call it has no route for is answered 404 and kept in `unknown`, so a test can assert that
// every call the editor made was one the fake answers as GitHub would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { listenOnLoopback } from '../../server/listen-on-loopback.ts'
import { GitStore, NotFound, type FakeCommit } from './git.ts'
import { PullRequests, type Answer, type FakePull } from './pulls.ts'
import { workerFixture } from '../worker-fixture.ts'

export type { FakeCommit } from './git.ts'
export type { FakePull } from './pulls.ts'

/** A GitHub App's user token, as GitHub makes them: `ghu_` and 36 letters and digits. */
export const FAKE_TOKEN = 'ghu_fakeUserToServerToken0123456789ab'
export const FAKE_LOGIN = 'writer'

export interface RecordedRequest {
  method: string
  /** Path and query, as sent. */
  url: string
  authorization?: string
  body?: Record<string, unknown>
  status: number
  response?: unknown
}

export interface FakeGitHubRepo {
  origin: string
  /** owner/name */
  repo: string
  requests: RecordedRequest[]
  /** The requests no route of the fake answers (answered 404): a call Decap makes that is missing. */
  unknown: RecordedRequest[]
  pulls: FakePull[]
  /**
   * The tokens the API takes (FAKE_TOKEN at first): a test takes one out to play its expiry,
   * after which every call with it is GitHub's 401 "Bad credentials".
   */
  acceptedTokens: Set<string>
  /** Commits `folder`'s files under `prefix/` as the first commit of main. */
  importFolder(folder: string, prefix: string): Promise<string>
  /** Commits files (path → text) on top of a branch, as someone else's push would. */
  pushFiles(branch: string, files: Record<string, string>, message: string): string
  /** The commit a branch points at. */
  branchHead(branch: string): string | undefined
  commit(sha: string): FakeCommit | undefined
  /** A file's bytes in a tree, or undefined. */
  fileInTree(tree: string, file: string): Buffer | undefined
  close(): Promise<void>
}

const TEXT = /\.(ya?ml|mdx?|json|txt|svg)$/

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort()
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined
}

export async function startFakeGitHubRepo(repo: string): Promise<FakeGitHubRepo> {
  const [owner] = repo.split('/') as [string, string]
  const requests: RecordedRequest[] = []
  const unknown: RecordedRequest[] = []
  const git = new GitStore(owner)
  const { blobs, trees, refs } = git
  const pullRequests = new PullRequests(git, owner)

  const user = {
    login: FAKE_LOGIN,
    id: 1,
    name: 'A Writer',
    email: 'writer@example.com',
    avatar_url: '',
  }

  function commitJson(sha: string) {
    const commit = git.commitOf(sha)
    const who = { name: user.name, email: user.email, date: commit.date }
    return {
      sha,
      commit: { message: commit.message, tree: { sha: commit.tree }, author: who, committer: who },
      parents: commit.parents.map((parent) => ({ sha: parent })),
      author: user,
    }
  }

  function compare(base: string, head: string) {
    const [baseSha, headSha] = [git.resolve(base), git.resolve(head)]
    const mergeBase = git.mergeBase(baseSha, headSha)
    const chain = git.commitsSince(baseSha, headSha)
    // Decap takes a diff without a patch for a binary (media) file.
    const files = git
      .changes(mergeBase, headSha)
      .map((change) =>
        TEXT.test(change.filename) && change.status !== 'removed'
          ? { ...change, patch: '@@ changed @@' }
          : change,
      )
    const behind = git.commitsSince(headSha, baseSha).length
    return {
      base_commit: commitJson(baseSha),
      merge_base_commit: commitJson(mergeBase),
      commits: chain.map(commitJson),
      files,
      status: chain.length ? (behind ? 'diverged' : 'ahead') : behind ? 'behind' : 'identical',
      ahead_by: chain.length,
      behind_by: behind,
    }
  }

  function pullJson(pull: FakePull) {
    const repository = { full_name: repo, fork: false, owner: { login: owner } }
    const merged = pull.mergedAt !== undefined
    return {
      number: pull.number,
      id: pull.number,
      state: pull.state,
      title: pull.title,
      body: pull.body,
      html_url: `https://github.com/${repo}/pull/${pull.number}`,
      user: { login: FAKE_LOGIN },
      head: {
        ref: pull.head,
        sha: pullRequests.headSha(pull),
        label: `${owner}:${pull.head}`,
        repo: repository,
      },
      base: { ref: pull.base, sha: refs.get(`heads/${pull.base}`) ?? '', repo: repository },
      labels: pull.labels.map((name) => ({ name })),
      created_at: pull.createdAt,
      updated_at: pull.mergedAt ?? pull.createdAt,
      merged,
      merged_at: pull.mergedAt ?? null,
      merge_commit_sha: pull.mergeCommit ?? null,
      mergeable: pull.state === 'open' ? pullRequests.mergeable(pull) : null,
    }
  }

  function labelsJson(pull: FakePull) {
    return pull.labels.map((name) => ({ name }))
  }

  function route(method: string, url: URL, body: Record<string, unknown> = {}): Answer | undefined {
    const { pathname, searchParams } = url
    if (method === 'GET' && pathname === '/user') return [200, user]
    if (method === 'GET' && pathname === `/users/${FAKE_LOGIN}`) return [200, user]
    // The notes pane looks for an issue per entry; there are none.
    if (method === 'GET' && pathname === '/search/issues')
      return [200, { total_count: 0, incomplete_results: false, items: [] }]
    const prefix = `/repos/${repo}`
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined
    const rest = pathname.slice(prefix.length + 1)
    const after = (head: string) => decodeURIComponent(rest.slice(head.length))
    let match: RegExpExecArray | null

    if (method === 'GET' && rest === '')
      return [
        200,
        {
          full_name: repo,
          name: repo.split('/')[1],
          owner: { login: owner },
          default_branch: 'main',
          fork: false,
          private: true,
          // What Decap checks for write access (hasWriteAccess).
          permissions: { admin: false, maintain: false, push: true, triage: true, pull: true },
        },
      ]
    if (method === 'GET' && rest.startsWith('branches/')) {
      const name = after('branches/')
      return [200, { name, commit: commitJson(git.resolve(name)), protected: name === 'main' }]
    }
    if (method === 'GET' && rest.startsWith('git/trees/'))
      return [200, git.listTree(after('git/trees/'), searchParams.get('recursive') === '1')]
    if (method === 'GET' && (match = /^git\/blobs\/(\w+)$/.exec(rest))) {
      const content = blobs.get(match[1]!)
      if (!content) throw new NotFound(rest)
      const encoded = content.toString('base64')
      return [200, { sha: match[1], size: content.length, encoding: 'base64', content: encoded }]
    }
    if (method === 'POST' && rest === 'git/blobs') {
      const encoding = body.encoding === 'base64' ? 'base64' : 'utf8'
      const sha = git.putBlob(Buffer.from(String(body.content), encoding))
      return [201, { sha, url: `${prefix}/git/blobs/${sha}` }]
    }
    if (method === 'POST' && rest === 'git/trees') {
      const baseTree = body.base_tree ? String(body.base_tree) : undefined
      // GitHub takes a commit as the base of a tree too, and Decap passes one.
      const base = baseTree
        ? (trees.get(baseTree) ?? trees.get(git.commitOf(baseTree).tree))
        : undefined
      const files = new Map(base)
      for (const entry of body.tree as { path: string; sha: string | null }[]) {
        if (entry.sha === null) files.delete(entry.path)
        else if (blobs.has(entry.sha)) files.set(entry.path, entry.sha)
        else return [422, { message: `Invalid tree info: unknown blob ${entry.sha}` }]
      }
      const sha = git.putTree(files)
      return [201, { sha, tree: [...files].map(([file, blob]) => ({ path: file, sha: blob })) }]
    }
    if (method === 'POST' && rest === 'git/commits') {
      const tree = String(body.tree)
      const parents = (body.parents as string[] | undefined) ?? []
      if (!trees.has(tree) || parents.some((parent) => !git.commits.has(parent)))
        return [422, { message: 'Tree or parent SHA does not exist' }]
      return [201, commitJson(git.putCommit(tree, parents, String(body.message)))]
    }
    if (method === 'GET' && rest.startsWith('git/refs/')) {
      const name = after('git/refs/')
      const sha = refs.get(name)
      if (!sha) throw new NotFound(name)
      return [200, { ref: `refs/${name}`, object: { sha, type: 'commit' } }]
    }
    if (method === 'POST' && rest === 'git/refs') {
      const name = String(body.ref).replace(/^refs\//, '')
      if (refs.has(name)) return [422, { message: 'Reference already exists' }]
      git.commitOf(String(body.sha))
      refs.set(name, String(body.sha))
      return [201, { ref: `refs/${name}`, object: { sha: body.sha, type: 'commit' } }]
    }
    if (method === 'PATCH' && rest.startsWith('git/refs/')) {
      const name = after('git/refs/')
      const old = refs.get(name)
      if (!old) return [422, { message: 'Reference does not exist' }]
      const sha = String(body.sha)
      if (!body.force && !git.ancestors(sha).has(old))
        return [422, { message: 'Update is not a fast forward' }]
      refs.set(name, sha)
      return [200, { ref: `refs/${name}`, object: { sha, type: 'commit' } }]
    }
    if (method === 'DELETE' && rest.startsWith('git/refs/')) {
      const name = after('git/refs/')
      if (!refs.has(name)) return [422, { message: 'Reference does not exist' }]
      if (name.startsWith('heads/')) pullRequests.closeForDeletedBranch(name.slice(6))
      refs.delete(name)
      return [204]
    }
    if (method === 'GET' && rest.startsWith('compare/')) {
      const [base, head] = after('compare/').split('...') as [string, string]
      return [200, compare(base, head)]
    }
    if (method === 'GET' && rest === 'commits') {
      const branch = searchParams.get('sha') ?? 'main'
      const found = git.commitsOfPath(branch, searchParams.get('path') ?? '')
      return [200, found.map(commitJson)]
    }
    if (method === 'GET' && (match = /^commits\/(.+)\/status$/.exec(rest)))
      return [200, pullRequests.combinedStatus(decodeURIComponent(match[1]!))]
    if (method === 'GET' && (match = /^commits\/(.+)\/statuses$/.exec(rest)))
      return [200, pullRequests.statusesOf(decodeURIComponent(match[1]!))]
    if (method === 'POST' && (match = /^statuses\/(\w+)$/.exec(rest)))
      return pullRequests.addStatus(match[1]!, body)
    if (method === 'GET' && rest === 'pulls') {
      const state = searchParams.get('state') ?? 'open'
      const head = searchParams.get('head')
      const base = searchParams.get('base')
      const found = pullRequests.pulls.filter(
        (pull) =>
          (state === 'all' || pull.state === state) &&
          (!head || `${owner}:${pull.head}` === head) &&
          (!base || pull.base === base),
      )
      return [200, found.map(pullJson)]
    }
    if (method === 'POST' && rest === 'pulls') {
      const head = String(body.head).replace(`${owner}:`, '')
      const pull = pullRequests.open(
        String(body.title),
        String(body.body ?? ''),
        head,
        String(body.base),
      )
      if (!pull)
        return [422, { message: 'Validation Failed', errors: [{ field: 'head', code: 'invalid' }] }]
      return [201, pullJson(pull)]
    }
    if ((match = /^pulls\/(\d+)(\/\w+)?$/.exec(rest))) {
      const pull = pullRequests.byNumber(match[1]!)
      const [, , part = ''] = match
      if (method === 'GET' && part === '') return [200, pullJson(pull)]
      if (method === 'PATCH' && part === '') {
        if (body.state === 'closed' && pull.state === 'open') pullRequests.close(pull)
        if (body.state === 'open' && pull.state === 'closed' && !pull.mergedAt)
          pullRequests.reopen(pull)
        return [200, pullJson(pull)]
      }
      if (method === 'GET' && part === '/commits')
        return [
          200,
          git.commitsSince(git.resolve(pull.base), pullRequests.headSha(pull)).map(commitJson),
        ]
      if (method === 'PUT' && part === '/merge') return pullRequests.merge(pull, body)
      if (method === 'GET' && part === '/merge')
        return pull.mergedAt ? [204] : [404, { message: 'Not Found' }]
    }
    // Decap's workflow status is the pull request's label (an issue's, to the API): replaced
    // whole when a card changes column; added to and removed from one by one on github.com.
    if ((match = /^issues\/(\d+)\/labels(?:\/(.+))?$/.exec(rest))) {
      const pull = pullRequests.byNumber(match[1]!)
      const one = match[2] === undefined ? undefined : decodeURIComponent(match[2])
      const given = () => ((body.labels ?? []) as unknown[]).map(String)
      if (method === 'GET' && one === undefined) return [200, labelsJson(pull)]
      if (method === 'PUT' && one === undefined) pull.labels = [...new Set(given())]
      else if (method === 'POST' && one === undefined)
        pull.labels = [...new Set([...pull.labels, ...given()])]
      else if (method === 'DELETE' && one === undefined) {
        pull.labels = []
        return [204]
      } else if (method === 'DELETE' && one !== undefined) {
        if (!pull.labels.includes(one)) return [404, { message: 'Label does not exist' }]
        pull.labels = pull.labels.filter((name) => name !== one)
      } else return undefined
      return [200, labelsJson(pull)]
    }
    return undefined
  }

  const server = createServer((req, res) => {
    void handle(req, res)
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // The editor runs on the dev server's origin: every call is cross-origin.
    res.setHeader('Access-Control-Allow-Origin', '*')
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Link')
    if (req.method === 'OPTIONS') {
      // Preflights are the browser's, not Decap's: answered, not recorded.
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        'Access-Control-Max-Age': '600',
      })
      return res.end()
    }
    const method = req.method!
    const url = new URL(req.url!, 'http://fake')
    let body: Record<string, unknown> | undefined
    let answer: Answer | undefined
    let known = true
    try {
      body = await readJson(req)
      const token = /^token (.+)$/.exec(req.headers.authorization ?? '')?.[1]
      if (!token || !fake.acceptedTokens.has(token)) answer = [401, { message: 'Bad credentials' }]
      else answer = route(method, url, body)
      if (!answer) {
        known = false
        // Say so at once too, so a missing endpoint is obvious in the test's output.
        process.stderr.write(`fake GitHub: no endpoint for ${method} ${req.url}\n`)
        answer = [404, { message: 'Not Found' }]
      }
    } catch (error) {
      if (error instanceof NotFound) answer = [404, { message: 'Not Found' }]
      else {
        process.stderr.write(`fake GitHub: ${method} ${req.url} failed: ${String(error)}\n`)
        answer = [500, { message: String(error) }]
      }
    }
    const [status, data] = answer
    const recorded: RecordedRequest = {
      method,
      url: req.url!,
      authorization: req.headers.authorization,
      body,
      status,
      response: data,
    }
    requests.push(recorded)
    if (!known) unknown.push(recorded)
    // GitHub's 204 has no body and no Content-Type: Decap parses any answer typed JSON as JSON.
    if (data === undefined) res.writeHead(status).end()
    else
      res
        .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(data))
  }

  const listening = await listenOnLoopback(server)
  const fake: FakeGitHubRepo = {
    origin: listening.origin,
    repo,
    requests,
    unknown,
    pulls: pullRequests.pulls,
    acceptedTokens: new Set([FAKE_TOKEN]),
    async importFolder(folder, prefix) {
      const files = new Map<string, string>()
      for (const file of await filesUnder(folder))
        files.set(
          `${prefix}/${file.split(path.sep).join('/')}`,
          git.putBlob(await readFile(path.join(folder, file))),
        )
      const sha = git.putCommit(git.putTree(files), [], 'The site as it is')
      refs.set('heads/main', sha)
      return sha
    },
    pushFiles(branch, changed, message) {
      const parent = git.resolve(branch)
      const files = new Map(git.filesOf(parent))
      for (const [file, text] of Object.entries(changed))
        files.set(file, git.putBlob(Buffer.from(text)))
      const sha = git.putCommit(git.putTree(files), [parent], message)
      refs.set(`heads/${branch}`, sha)
      return sha
    },
    branchHead: (branch) => refs.get(`heads/${branch}`),
    commit(sha) {
      const commit = git.commits.get(sha)
      return commit && { ...commit }
    },
    fileInTree(tree, file) {
      const sha = trees.get(tree)?.get(file)
      return sha ? blobs.get(sha) : undefined
    },
    close: listening.close,
  }
  return fake
}

/** A Playwright worker fixture: one fake from `start` per worker, closed when the worker ends. */
export const workerFake = <Fake extends { close(): Promise<void> }>(start: () => Promise<Fake>) =>
  workerFixture(start, (fake) => fake.close())

/** A Playwright worker fixture: one fake of `repo` per worker, closed when the worker ends. */
export const fakeGitHubFixture = (repo: string) => workerFake(() => startFakeGitHubRepo(repo))
