// A local stand-in for the part of GitHub's REST API that Decap's GitHub backend calls
// (decap-cms-backend-github's API.js and implementation.js) in the editorial workflow: the user,
// the repository, git blobs/trees/commits/refs, branches, compare, commits of a path, pull
// requests and their labels. It holds one repository in memory, a flat map of path → blob per
// tree (Decap only lists folders by `<rev>:<folder>` and never walks tree objects), and records
// every request with its answer, so a test can follow what was committed where.
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { listenOnLoopback } from '../../server/listen-on-loopback.ts'

export const FAKE_TOKEN = 'test-token'
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

/** path → blob sha */
type Files = Map<string, string>

export interface FakeCommit {
  sha: string
  tree: string
  parents: string[]
  message: string
}

export interface FakePull {
  number: number
  title: string
  body: string
  /** The branch, without the owner. */
  head: string
  base: string
  state: 'open' | 'closed'
  labels: string[]
  createdAt: string
}

export interface FakeGitHubRepo {
  origin: string
  /** owner/name */
  repo: string
  requests: RecordedRequest[]
  pulls: FakePull[]
  /** Commits `folder`'s files under `prefix/` as the first commit of main. */
  importFolder(folder: string, prefix: string): Promise<string>
  /** The commit a branch points at. */
  branchHead(branch: string): string | undefined
  commit(sha: string): FakeCommit | undefined
  /** A file's bytes in a tree, or undefined. */
  fileInTree(tree: string, file: string): Buffer | undefined
  close(): Promise<void>
}

const TEXT = /\.(ya?ml|mdx?|json|txt|svg)$/

function sha1(data: string | Buffer): string {
  return createHash('sha1').update(data).digest('hex')
}

/** Git's own blob id, so Decap's client-side hashes of uploads agree with ours. */
function blobSha(content: Buffer): string {
  return sha1(Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]))
}

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

class NotFound extends Error {}

export async function startFakeGitHubRepo(repo: string): Promise<FakeGitHubRepo> {
  const [owner] = repo.split('/') as [string, string]
  const requests: RecordedRequest[] = []
  const blobs = new Map<string, Buffer>()
  const trees = new Map<string, Files>()
  const commits = new Map<string, FakeCommit & { date: string }>()
  const refs = new Map<string, string>()
  const pulls: FakePull[] = []
  let counter = 0

  const user = {
    login: FAKE_LOGIN,
    id: 1,
    name: 'A Writer',
    email: 'writer@example.com',
    avatar_url: '',
  }

  function putBlob(content: Buffer): string {
    const sha = blobSha(content)
    blobs.set(sha, content)
    return sha
  }

  function putTree(files: Files): string {
    const sorted = [...files].sort(([a], [b]) => a.localeCompare(b))
    const sha = sha1(`tree ${JSON.stringify(sorted)}`)
    trees.set(sha, new Map(sorted))
    return sha
  }

  function putCommit(tree: string, parents: string[], message: string): string {
    // A counter keeps two commits of the same tree and parents apart.
    const sha = sha1(`commit ${tree} ${parents.join(' ')} ${message} ${counter++}`)
    commits.set(sha, { sha, tree, parents, message, date: new Date().toISOString() })
    return sha
  }

  /** A branch name (`owner:` prefix allowed, as in compare and pulls) or a commit sha. */
  function resolve(rev: string): string {
    const name = rev.startsWith(`${owner}:`) ? rev.slice(owner.length + 1) : rev
    const sha = refs.get(`heads/${name}`) ?? (commits.has(name) ? name : undefined)
    if (!sha) throw new NotFound(rev)
    return sha
  }

  function commitOf(sha: string) {
    const commit = commits.get(sha)
    if (!commit) throw new NotFound(sha)
    return commit
  }

  function filesOf(commitSha: string): Files {
    return trees.get(commitOf(commitSha).tree)!
  }

  function commitJson(sha: string) {
    const commit = commitOf(sha)
    const who = { name: user.name, email: user.email, date: commit.date }
    return {
      sha,
      commit: { message: commit.message, tree: { sha: commit.tree }, author: who, committer: who },
      parents: commit.parents.map((parent) => ({ sha: parent })),
      author: user,
    }
  }

  function ancestors(sha: string): Set<string> {
    const seen = new Set<string>()
    const todo = [sha]
    while (todo.length) {
      const next = todo.pop()!
      if (seen.has(next)) continue
      seen.add(next)
      todo.push(...commitOf(next).parents)
    }
    return seen
  }

  /** GET git/trees/<rev>:<folder>: the folder's entries, one level or all of them. */
  function listTree(spec: string, recursive: boolean) {
    const colon = spec.indexOf(':')
    const rev = colon < 0 ? spec : spec.slice(0, colon)
    const folder = colon < 0 ? '' : spec.slice(colon + 1).replace(/^\/+|\/+$/g, '')
    const treeSha = trees.has(rev) ? rev : commitOf(resolve(rev)).tree
    const prefix = folder ? `${folder}/` : ''
    const entries = new Map<string, { path: string; mode: string; type: string; sha: string }>()
    for (const [file, sha] of trees.get(treeSha)!) {
      if (!file.startsWith(prefix)) continue
      const rest = file.slice(prefix.length)
      const parts = rest.split('/')
      // Folders are listed as trees, with an id that only marks them (never fetched).
      for (let depth = 1; depth < parts.length && (recursive || depth === 1); depth++) {
        const dir = parts.slice(0, depth).join('/')
        entries.set(dir, { path: dir, mode: '040000', type: 'tree', sha: sha1(`dir ${dir}`) })
      }
      if (recursive || parts.length === 1)
        entries.set(rest, { path: rest, mode: '100644', type: 'blob', sha })
    }
    if (!entries.size) throw new NotFound(spec)
    const tree = [...entries.values()].map((entry) =>
      entry.type === 'blob' ? { ...entry, size: blobs.get(entry.sha)!.length } : entry,
    )
    return { sha: sha1(`listing ${spec}`), tree, truncated: false }
  }

  function compare(base: string, head: string) {
    const baseSha = resolve(base)
    const headSha = resolve(head)
    const inBase = ancestors(baseSha)
    const chain: string[] = []
    let cursor = headSha
    while (!inBase.has(cursor)) {
      chain.unshift(cursor)
      cursor = commitOf(cursor).parents[0] ?? ''
      if (!cursor) throw new NotFound(`${base}...${head}`)
    }
    const before = filesOf(cursor)
    const after = filesOf(headSha)
    const files = []
    for (const [file, sha] of after) {
      const old = before.get(file)
      if (old === sha) continue
      // Decap takes a diff without a patch for a binary (media) file.
      files.push({
        filename: file,
        status: old ? 'modified' : 'added',
        sha,
        ...(TEXT.test(file) ? { patch: '@@ changed @@' } : {}),
      })
    }
    for (const [file, sha] of before)
      if (!after.has(file)) files.push({ filename: file, status: 'removed', sha })
    return {
      base_commit: commitJson(baseSha),
      merge_base_commit: commitJson(cursor),
      commits: chain.map(commitJson),
      files,
      status: chain.length ? 'ahead' : 'identical',
      ahead_by: chain.length,
    }
  }

  /** Commits of `branch`'s first-parent history that changed `file`, newest first. */
  function commitsOfPath(branch: string, file: string) {
    const found = []
    let cursor: string | undefined = resolve(branch)
    while (cursor) {
      const commit = commitOf(cursor)
      const parent = commit.parents[0]
      const here = filesOf(cursor).get(file)
      if (here && (!parent || filesOf(parent).get(file) !== here)) found.push(commitJson(cursor))
      cursor = parent
    }
    return found
  }

  function pullJson(pull: FakePull) {
    const headSha = refs.get(`heads/${pull.head}`) ?? ''
    const repository = { full_name: repo, fork: false, owner: { login: owner } }
    return {
      number: pull.number,
      id: pull.number,
      state: pull.state,
      title: pull.title,
      body: pull.body,
      html_url: `https://github.com/${repo}/pull/${pull.number}`,
      user: { login: FAKE_LOGIN },
      head: { ref: pull.head, sha: headSha, label: `${owner}:${pull.head}`, repo: repository },
      base: { ref: pull.base, sha: refs.get(`heads/${pull.base}`) ?? '', repo: repository },
      labels: pull.labels.map((name) => ({ name })),
      created_at: pull.createdAt,
      updated_at: pull.createdAt,
      merged_at: null,
    }
  }

  function pullByNumber(number: string): FakePull {
    const pull = pulls.find((candidate) => candidate.number === Number(number))
    if (!pull) throw new NotFound(number)
    return pull
  }

  type Answer = [status: number, data?: unknown]

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
      return [200, { name, commit: commitJson(resolve(name)), protected: name === 'main' }]
    }
    if (method === 'GET' && rest.startsWith('git/trees/'))
      return [200, listTree(after('git/trees/'), searchParams.get('recursive') === '1')]
    if (method === 'GET' && (match = /^git\/blobs\/(\w+)$/.exec(rest))) {
      const content = blobs.get(match[1]!)
      if (!content) throw new NotFound(rest)
      return [
        200,
        {
          sha: match[1],
          size: content.length,
          encoding: 'base64',
          content: content.toString('base64'),
        },
      ]
    }
    if (method === 'POST' && rest === 'git/blobs') {
      const content = Buffer.from(
        String(body.content),
        body.encoding === 'base64' ? 'base64' : 'utf8',
      )
      return [201, { sha: putBlob(content), url: `${prefix}/git/blobs/${blobSha(content)}` }]
    }
    if (method === 'POST' && rest === 'git/trees') {
      const baseTree = body.base_tree ? String(body.base_tree) : undefined
      // GitHub takes a commit as the base of a tree too, and Decap passes one.
      const base = baseTree
        ? (trees.get(baseTree) ?? trees.get(commitOf(baseTree).tree))
        : undefined
      const files: Files = new Map(base)
      for (const entry of body.tree as { path: string; sha: string | null }[]) {
        if (entry.sha === null) files.delete(entry.path)
        else if (blobs.has(entry.sha)) files.set(entry.path, entry.sha)
        else return [422, { message: `Invalid tree info: unknown blob ${entry.sha}` }]
      }
      const sha = putTree(files)
      return [201, { sha, tree: [...files].map(([file, blob]) => ({ path: file, sha: blob })) }]
    }
    if (method === 'POST' && rest === 'git/commits') {
      const tree = String(body.tree)
      const parents = (body.parents as string[] | undefined) ?? []
      if (!trees.has(tree) || parents.some((parent) => !commits.has(parent)))
        return [422, { message: 'Tree or parent SHA does not exist' }]
      return [201, commitJson(putCommit(tree, parents, String(body.message)))]
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
      commitOf(String(body.sha))
      refs.set(name, String(body.sha))
      return [201, { ref: `refs/${name}`, object: { sha: body.sha, type: 'commit' } }]
    }
    if (method === 'PATCH' && rest.startsWith('git/refs/')) {
      const name = after('git/refs/')
      const old = refs.get(name)
      if (!old) return [422, { message: 'Reference does not exist' }]
      const sha = String(body.sha)
      if (!body.force && !ancestors(sha).has(old))
        return [422, { message: 'Update is not a fast forward' }]
      refs.set(name, sha)
      return [200, { ref: `refs/${name}`, object: { sha, type: 'commit' } }]
    }
    if (method === 'DELETE' && rest.startsWith('git/refs/')) {
      const name = after('git/refs/')
      if (!refs.delete(name)) return [422, { message: 'Reference does not exist' }]
      return [204]
    }
    if (method === 'GET' && rest.startsWith('compare/')) {
      const [base, head] = after('compare/').split('...') as [string, string]
      return [200, compare(base, head)]
    }
    if (method === 'GET' && rest === 'commits')
      return [200, commitsOfPath(searchParams.get('sha') ?? 'main', searchParams.get('path') ?? '')]
    if (method === 'GET' && (match = /^commits\/(\w+)\/status$/.exec(rest)))
      return [200, { state: 'pending', statuses: [], sha: resolve(match[1]!) }]
    if (method === 'GET' && rest === 'pulls') {
      const state = searchParams.get('state') ?? 'open'
      const head = searchParams.get('head')
      const base = searchParams.get('base')
      const found = pulls.filter(
        (pull) =>
          (state === 'all' || pull.state === state) &&
          (!head || `${owner}:${pull.head}` === head) &&
          (!base || pull.base === base),
      )
      return [200, found.map(pullJson)]
    }
    if (method === 'POST' && rest === 'pulls') {
      const head = String(body.head).replace(`${owner}:`, '')
      if (!refs.has(`heads/${head}`) || !refs.has(`heads/${body.base}`))
        return [422, { message: 'Validation Failed', errors: [{ field: 'head', code: 'invalid' }] }]
      const pull: FakePull = {
        number: pulls.length + 1,
        title: String(body.title),
        body: String(body.body ?? ''),
        head,
        base: String(body.base),
        state: 'open',
        labels: [],
        createdAt: new Date().toISOString(),
      }
      pulls.push(pull)
      return [201, pullJson(pull)]
    }
    if (method === 'GET' && (match = /^pulls\/(\d+)$/.exec(rest)))
      return [200, pullJson(pullByNumber(match[1]!))]
    if (method === 'PATCH' && (match = /^pulls\/(\d+)$/.exec(rest))) {
      const pull = pullByNumber(match[1]!)
      if (body.state === 'open' || body.state === 'closed') pull.state = body.state
      return [200, pullJson(pull)]
    }
    if (method === 'GET' && (match = /^pulls\/(\d+)\/commits$/.exec(rest))) {
      const pull = pullByNumber(match[1]!)
      return [200, compare(pull.base, pull.head).commits]
    }
    // Decap's workflow status lives in the pull request's labels (an issue's, to the API).
    if (method === 'PUT' && (match = /^issues\/(\d+)\/labels$/.exec(rest))) {
      const pull = pullByNumber(match[1]!)
      pull.labels = (body.labels as string[]).map(String)
      return [200, pull.labels.map((name) => ({ name }))]
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
    try {
      body = await readJson(req)
      if (req.headers.authorization !== `token ${FAKE_TOKEN}`)
        answer = [401, { message: 'Bad credentials' }]
      else answer = route(method, url, body)
      if (!answer) {
        // A call this fake does not know: say so, so a missing endpoint is obvious.
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
    requests.push({
      method,
      url: req.url!,
      authorization: req.headers.authorization,
      body,
      status,
      response: data,
    })
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
    res.end(data === undefined ? '' : JSON.stringify(data))
  }

  const listening = await listenOnLoopback(server)
  return {
    origin: listening.origin,
    repo,
    requests,
    pulls,
    async importFolder(folder, prefix) {
      const files: Files = new Map()
      for (const file of await filesUnder(folder))
        files.set(
          `${prefix}/${file.split(path.sep).join('/')}`,
          putBlob(await readFile(path.join(folder, file))),
        )
      const sha = putCommit(putTree(files), [], 'The site as it is')
      refs.set('heads/main', sha)
      return sha
    },
    branchHead: (branch) => refs.get(`heads/${branch}`),
    commit(sha) {
      const commit = commits.get(sha)
      return commit && { sha, tree: commit.tree, parents: commit.parents, message: commit.message }
    },
    fileInTree(tree, file) {
      const sha = trees.get(tree)?.get(file)
      return sha ? blobs.get(sha) : undefined
    },
    close: listening.close,
  }
}
