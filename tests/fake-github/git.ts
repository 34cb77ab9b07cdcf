// The git objects of the fake GitHub (./repo.ts): blobs, trees, commits and refs of
// one repository in memory, and what git works out from them (history, differences, merges).
// A tree is a flat map of path → blob sha: Decap only lists folders by `<rev>:<folder>` and never
// walks tree objects, so folders exist only as prefixes of paths.
import { createHash } from 'node:crypto'

/** path → blob sha */
export type Files = Map<string, string>

export interface FakeCommit {
  sha: string
  tree: string
  parents: string[]
  message: string
  date: string
}

/** An answer of GitHub's 404: a ref, commit or object the repository does not hold. */
export class NotFound extends Error {}

export interface TreeEntry {
  path: string
  mode: string
  type: 'blob' | 'tree'
  sha: string
  size?: number
}

export interface FileChange {
  filename: string
  status: 'added' | 'modified' | 'removed'
  sha: string
}

function sha1(data: string | Buffer): string {
  return createHash('sha1').update(data).digest('hex')
}

/** Git's own blob id, so Decap's client-side hashes of uploads agree with ours. */
export function blobSha(content: Buffer): string {
  return sha1(Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]))
}

/**
 * A file-level three-way merge of `ours` and `theirs` from their common `base`: each path takes
 * the side that changed it; a path both sides changed differently is a conflict.
 */
export function mergeFiles(
  base: Files,
  ours: Files,
  theirs: Files,
): { files: Files; conflicts: string[] } {
  const files: Files = new Map()
  const conflicts: string[] = []
  for (const file of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const [was, mine, their] = [base.get(file), ours.get(file), theirs.get(file)]
    const merged = mine === their || their === was ? mine : mine === was ? their : null
    if (merged === null) conflicts.push(file)
    else if (merged !== undefined) files.set(file, merged)
  }
  return { files, conflicts: conflicts.sort() }
}

export class GitStore {
  readonly blobs = new Map<string, Buffer>()
  readonly trees = new Map<string, Files>()
  readonly commits = new Map<string, FakeCommit>()
  /** `heads/<branch>` → commit sha */
  readonly refs = new Map<string, string>()
  private counter = 0

  /** `owner` is the prefix GitHub allows before a branch name (`owner:branch`). */
  constructor(private readonly owner: string) {}

  putBlob(content: Buffer): string {
    const sha = blobSha(content)
    this.blobs.set(sha, content)
    return sha
  }

  putTree(files: Files): string {
    const sorted = [...files].sort(([a], [b]) => a.localeCompare(b))
    const sha = sha1(`tree ${JSON.stringify(sorted)}`)
    this.trees.set(sha, new Map(sorted))
    return sha
  }

  putCommit(tree: string, parents: string[], message: string): string {
    // A counter keeps two commits of the same tree and parents apart.
    const sha = sha1(`commit ${tree} ${parents.join(' ')} ${message} ${this.counter++}`)
    this.commits.set(sha, { sha, tree, parents, message, date: new Date().toISOString() })
    return sha
  }

  /** A branch name (`owner:` prefix allowed, as in compare and pulls) or a commit sha. */
  resolve(rev: string): string {
    const name = rev.startsWith(`${this.owner}:`) ? rev.slice(this.owner.length + 1) : rev
    const sha = this.refs.get(`heads/${name}`) ?? (this.commits.has(name) ? name : undefined)
    if (!sha) throw new NotFound(rev)
    return sha
  }

  commitOf(sha: string): FakeCommit {
    const commit = this.commits.get(sha)
    if (!commit) throw new NotFound(sha)
    return commit
  }

  filesOf(commitSha: string): Files {
    return this.trees.get(this.commitOf(commitSha).tree)!
  }

  ancestors(sha: string): Set<string> {
    const seen = new Set<string>()
    const todo = [sha]
    while (todo.length) {
      const next = todo.pop()!
      if (seen.has(next)) continue
      seen.add(next)
      todo.push(...this.commitOf(next).parents)
    }
    return seen
  }

  /** The nearest commit of `head`'s first-parent history that `base` also holds. */
  mergeBase(base: string, head: string): string {
    const inBase = this.ancestors(base)
    let cursor: string | undefined = head
    while (cursor && !inBase.has(cursor)) cursor = this.commitOf(cursor).parents[0]
    if (!cursor) throw new NotFound(`${base}...${head}`)
    return cursor
  }

  /** `head`'s first-parent commits since it left `base`, oldest first. */
  commitsSince(base: string, head: string): string[] {
    const stop = this.mergeBase(base, head)
    const chain: string[] = []
    for (let cursor = head; cursor !== stop; cursor = this.commitOf(cursor).parents[0]!)
      chain.unshift(cursor)
    return chain
  }

  /** The files that differ from `before`'s tree to `after`'s. */
  changes(before: string, after: string): FileChange[] {
    const [old, now] = [this.filesOf(before), this.filesOf(after)]
    const changes: FileChange[] = []
    for (const [filename, sha] of now)
      if (old.get(filename) !== sha)
        changes.push({ filename, status: old.has(filename) ? 'modified' : 'added', sha })
    for (const [filename, sha] of old)
      if (!now.has(filename)) changes.push({ filename, status: 'removed', sha })
    return changes
  }

  /** GET git/trees/<rev>:<folder>: the folder's entries, one level or all of them. */
  listTree(spec: string, recursive: boolean): { sha: string; tree: TreeEntry[]; truncated: false } {
    const colon = spec.indexOf(':')
    const rev = colon < 0 ? spec : spec.slice(0, colon)
    const folder = colon < 0 ? '' : spec.slice(colon + 1).replace(/^\/+|\/+$/g, '')
    const treeSha = this.trees.has(rev) ? rev : this.commitOf(this.resolve(rev)).tree
    const prefix = folder ? `${folder}/` : ''
    const entries = new Map<string, TreeEntry>()
    for (const [file, sha] of this.trees.get(treeSha)!) {
      if (!file.startsWith(prefix)) continue
      const parts = file.slice(prefix.length).split('/')
      // Folders are listed as trees, with an id that only marks them (never fetched).
      for (let depth = 1; depth < parts.length && (recursive || depth === 1); depth++) {
        const dir = parts.slice(0, depth).join('/')
        entries.set(dir, { path: dir, mode: '040000', type: 'tree', sha: sha1(`dir ${dir}`) })
      }
      const rest = parts.join('/')
      if (recursive || parts.length === 1)
        entries.set(rest, {
          path: rest,
          mode: '100644',
          type: 'blob',
          sha,
          size: this.blobs.get(sha)!.length,
        })
    }
    if (!entries.size) throw new NotFound(spec)
    return { sha: sha1(`listing ${spec}`), tree: [...entries.values()], truncated: false }
  }

  /** Commits of `branch`'s first-parent history that changed `file`, newest first. */
  commitsOfPath(branch: string, file: string): string[] {
    const found = []
    let cursor: string | undefined = this.resolve(branch)
    while (cursor) {
      const parent: string | undefined = this.commitOf(cursor).parents[0]
      const here = this.filesOf(cursor).get(file)
      if (here && (!parent || this.filesOf(parent).get(file) !== here)) found.push(cursor)
      cursor = parent
    }
    return found
  }

  /** `theirs`'s changes since it left `ours`, merged into `ours`'s files. */
  mergedFiles(ours: string, theirs: string): { files: Files; conflicts: string[] } {
    const base = this.mergeBase(ours, theirs)
    return mergeFiles(this.filesOf(base), this.filesOf(ours), this.filesOf(theirs))
  }
}
