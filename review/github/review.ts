// The review job's work: the comment on the pull request where the token may write, the job
// summary always, and on closing, the comment's preview line rewritten.
import type { Octokit } from '@octokit/rest'
import type { PullRequestEvent } from './pull-request-event.ts'
import {
  REVIEW_MARKER,
  renderReviewComment,
  withPreview,
  type ReviewInputs,
} from './review-comment.ts'
import { findStickyComment, statusOf, upsertStickyComment } from './sticky-comment.ts'

export const FORK_NOTICE =
  '**This pull request comes from a fork.** GitHub gives the workflow runs of a fork’s pull request a read-only token, so this report is not posted as a comment on the pull request and no Pages preview is published: the report is here, in the summaries of this run, alone (the page report is the “Page report” job’s summary).'

export interface ReviewOutcome {
  /** What the job summary gets. */
  summary: string
  commentUrl?: string
}

export async function postReview(
  octokit: Octokit,
  event: PullRequestEvent,
  inputs: ReviewInputs,
): Promise<ReviewOutcome> {
  const body = renderReviewComment(inputs)
  // The summary repeats the comment but for the page report, which `npm run changes` put in the
  // “Page report” job's summary already.
  const summaryBody = renderReviewComment({ ...inputs, pageReportInSummary: true })
    .slice(REVIEW_MARKER.length)
    .trimStart()
  if (event.fromFork) return { summary: `${FORK_NOTICE}\n\n${summaryBody}` }

  const issue = { owner: event.owner, repo: event.repo, number: event.number }
  const result = await upsertStickyComment(octokit, issue, REVIEW_MARKER, body)
  if (result.outcome === 'not-allowed')
    return {
      summary: `**This run’s token may not comment on the pull request** (GitHub answered: “${result.message}”), so the report is here, in the summaries of this run, alone.\n\n${summaryBody}`,
    }
  return {
    summary: `The report is [the comment on pull request #${event.number}](${result.url}) (${result.outcome} for this commit).\n\n${summaryBody}`,
    commentUrl: result.url,
  }
}

/** Says in the comment, if there is one and the token may edit it, that the preview is gone. */
export async function markPreviewRemoved(
  octokit: Octokit,
  event: PullRequestEvent,
): Promise<boolean> {
  const issue = { owner: event.owner, repo: event.repo, number: event.number }
  const comment = await findStickyComment(octokit, issue, REVIEW_MARKER)
  if (!comment) return false
  const body = withPreview(comment.body, { kind: 'removed' })
  if (body === comment.body) return false
  try {
    await octokit.rest.issues.updateComment({
      owner: event.owner,
      repo: event.repo,
      comment_id: comment.id,
      body,
    })
    return true
  } catch (error) {
    if (statusOf(error) === 403) return false
    throw error
  }
}
