// One comment per pull request that each push edits rather than adds to: found again by a hidden
// marker at the start of its body (a reply that quotes it starts with "> ", so is not taken).
import type { Octokit } from '@octokit/rest'

export interface IssueRef {
  owner: string
  repo: string
  /** The pull request's number (pull requests are issues to the comments API). */
  number: number
}

export type StickyResult =
  | { outcome: 'created' | 'updated'; url: string }
  /** The token may not write here: a fork's pull request, or a read-only token. */
  | { outcome: 'not-allowed'; message: string }

/** The HTTP status of an Octokit request error, if that is what `error` is. */
export function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error
    ? Number((error as { status: unknown }).status)
    : undefined
}

/** The comment that starts with `marker`, as `{ id, body }`, or undefined. */
export async function findStickyComment(
  octokit: Octokit,
  issue: IssueRef,
  marker: string,
): Promise<{ id: number; body: string; url: string } | undefined> {
  const comments = await octokit.paginate(octokit.rest.issues.listComments, {
    owner: issue.owner,
    repo: issue.repo,
    issue_number: issue.number,
    per_page: 100,
  })
  const found = comments.find((comment) => comment.body?.startsWith(marker))
  return found && { id: found.id, body: found.body!, url: found.html_url }
}

/** Creates the comment, or replaces the body of the one that has the marker. */
export async function upsertStickyComment(
  octokit: Octokit,
  issue: IssueRef,
  marker: string,
  body: string,
): Promise<StickyResult> {
  if (!body.startsWith(marker)) throw new Error('a sticky comment must start with its marker')
  try {
    const existing = await findStickyComment(octokit, issue, marker)
    const { owner, repo } = issue
    const { data } = existing
      ? await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body })
      : await octokit.rest.issues.createComment({ owner, repo, issue_number: issue.number, body })
    return { outcome: existing ? 'updated' : 'created', url: data.html_url }
  } catch (error) {
    // 403 "Resource not accessible by integration": the token has no write access here.
    if (statusOf(error) === 403)
      return { outcome: 'not-allowed', message: (error as Error).message }
    throw error
  }
}
