// What the fake GitHub (./repo.ts) keeps above git (./git.ts): pull
// requests with their labels, their merge as GitHub does it, and commit statuses.
import { NotFound, type GitStore } from './git.ts'

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
  /** The head's commit when the pull request was closed or merged (its branch may be gone). */
  closedHead?: string
  mergedAt?: string
  mergeCommit?: string
}

export type CommitState = 'error' | 'failure' | 'pending' | 'success'

export interface CommitStatus {
  id: number
  state: CommitState
  context: string
  target_url: string | null
  description: string | null
  created_at: string
}

/** A status, an HTTP answer's body, or a refusal as GitHub words it. */
export type Answer = [status: number, data?: unknown]

const MERGE_METHODS = ['merge', 'squash', 'rebase'] as const

export class PullRequests {
  readonly pulls: FakePull[] = []
  /** commit sha → its statuses, oldest first */
  private readonly statuses = new Map<string, CommitStatus[]>()

  constructor(
    private readonly git: GitStore,
    private readonly owner: string,
  ) {}

  byNumber(number: string | number): FakePull {
    const pull = this.pulls.find((candidate) => candidate.number === Number(number))
    if (!pull) throw new NotFound(String(number))
    return pull
  }

  headSha(pull: FakePull): string {
    return pull.closedHead ?? this.git.refs.get(`heads/${pull.head}`) ?? ''
  }

  open(title: string, body: string, head: string, base: string): FakePull | undefined {
    const { refs } = this.git
    if (!refs.has(`heads/${head}`) || !refs.has(`heads/${base}`)) return undefined
    const pull: FakePull = {
      number: this.pulls.length + 1,
      title,
      body,
      head,
      base,
      state: 'open',
      labels: [],
      createdAt: new Date().toISOString(),
    }
    this.pulls.push(pull)
    return pull
  }

  close(pull: FakePull): void {
    pull.closedHead = this.headSha(pull)
    pull.state = 'closed'
  }

  reopen(pull: FakePull): void {
    delete pull.closedHead
    pull.state = 'open'
  }

  /** GitHub closes the open pull requests of a branch that is deleted (called before). */
  closeForDeletedBranch(branch: string): void {
    for (const pull of this.pulls)
      if (pull.state === 'open' && pull.head === branch) this.close(pull)
  }

  /** Whether the head merges into the base without a conflict (GitHub's `mergeable`). */
  mergeable(pull: FakePull): boolean {
    if (pull.state !== 'open') return false
    const base = this.git.resolve(pull.base)
    return this.git.mergedFiles(base, this.headSha(pull)).conflicts.length === 0
  }

  /**
   * PUT pulls/<n>/merge: the base branch moves to a merge commit (or one squashed commit, or the
   * head's commits replayed), whose tree is the three-way merge of base and head. Refused as
   * GitHub does: 405 when the pull request is closed or conflicts, 409 when `sha` is not the
   * head's commit any more, 422 for an unknown merge method.
   */
  merge(pull: FakePull, body: Record<string, unknown>): Answer {
    const method = (body.merge_method ?? 'merge') as string
    if (!(MERGE_METHODS as readonly string[]).includes(method))
      return [422, { message: 'Validation Failed', errors: [{ field: 'merge_method' }] }]
    if (pull.state !== 'open') return [405, { message: 'Pull Request is not mergeable' }]
    const { git } = this
    const head = this.headSha(pull)
    if (body.sha !== undefined && body.sha !== head)
      return [409, { message: 'Head branch was modified. Review and try the merge again.' }]
    const base = git.resolve(pull.base)
    const { files, conflicts } = git.mergedFiles(base, head)
    if (conflicts.length) return [405, { message: 'Pull Request is not mergeable' }]

    const title =
      typeof body.commit_title === 'string'
        ? body.commit_title
        : method === 'squash'
          ? `${pull.title} (#${pull.number})`
          : `Merge pull request #${pull.number} from ${this.owner}/${pull.head}`
    const message =
      typeof body.commit_message === 'string' ? `${title}\n\n${body.commit_message}` : title
    let merged: string
    if (method === 'merge') merged = git.putCommit(git.putTree(files), [base, head], message)
    else if (method === 'squash') merged = git.putCommit(git.putTree(files), [base], message)
    else {
      // rebase: each of the head's commits again, on top of the base, with its own message.
      merged = base
      for (const sha of git.commitsSince(base, head)) {
        const commit = git.commitOf(sha)
        const { files: replayed } = git.mergedFiles(merged, sha)
        merged = git.putCommit(git.putTree(replayed), [merged], commit.message)
      }
    }
    git.refs.set(`heads/${pull.base}`, merged)
    this.close(pull)
    pull.mergedAt = new Date().toISOString()
    pull.mergeCommit = merged
    return [200, { sha: merged, merged: true, message: 'Pull Request successfully merged' }]
  }

  /** POST statuses/<sha>. */
  addStatus(sha: string, body: Record<string, unknown>): Answer {
    this.git.commitOf(sha)
    const state = body.state as CommitState
    if (!['error', 'failure', 'pending', 'success'].includes(state))
      return [422, { message: 'Validation Failed', errors: [{ field: 'state' }] }]
    const list = this.statuses.get(sha) ?? []
    const status: CommitStatus = {
      id: [...this.statuses.values()].flat().length + 1,
      state,
      context: typeof body.context === 'string' ? body.context : 'default',
      target_url: typeof body.target_url === 'string' ? body.target_url : null,
      description: typeof body.description === 'string' ? body.description : null,
      created_at: new Date().toISOString(),
    }
    list.push(status)
    this.statuses.set(sha, list)
    return [201, status]
  }

  /** GET commits/<ref>/statuses: every status of the commit, newest first. */
  statusesOf(ref: string): CommitStatus[] {
    return [...(this.statuses.get(this.git.resolve(ref)) ?? [])].reverse()
  }

  /**
   * GET commits/<ref>/status: the newest status of each context, and their combined state
   * (failure if any failed or errored, else pending if any is pending or there is none).
   */
  combinedStatus(ref: string) {
    const sha = this.git.resolve(ref)
    const latest = new Map<string, CommitStatus>()
    for (const status of this.statusesOf(sha))
      if (!latest.has(status.context)) latest.set(status.context, status)
    const statuses = [...latest.values()]
    const states = new Set(statuses.map((status) => status.state))
    const state: CommitState =
      states.has('error') || states.has('failure')
        ? 'failure'
        : states.has('pending') || !statuses.length
          ? 'pending'
          : 'success'
    return { state, statuses, sha, total_count: statuses.length }
  }
}
