// The body of the review comment: where to see this pull request's pages (the Pages preview, the
// built site's artifact), the content check's problems when they kept the page report from being
// made, and the page report itself (`npm run changes`' Markdown, as it printed it).
import type { ContentError } from '../../builder/content/load.ts'

/** Starts the comment, so that the next push finds it and edits it (sticky-comment.ts). */
export const REVIEW_MARKER = '<!-- panelwise:review-report -->'
/** Around the preview's line, which closing the pull request rewrites. */
export const PREVIEW_START = '<!-- panelwise:preview -->'
export const PREVIEW_END = '<!-- /panelwise:preview -->'

/** GitHub refuses a comment longer than this many characters. */
export const COMMENT_LIMIT = 65_536

/** The artifact the fast job uploads: `dist/client` and `dist/headers.json`, as serve reads them. */
export const SITE_ARTIFACT = 'site'

/** A job's result as the workflow passes it (`needs.<job>.result`, `steps.<id>.outcome`). */
export type Outcome = 'success' | 'failure' | 'cancelled' | 'skipped'

export type PreviewState =
  { kind: 'published'; url: string } | { kind: 'unavailable'; reason: string } | { kind: 'removed' }

export interface ReviewInputs {
  headSha: string
  /** The workflow run's page (summaries, artifacts, logs). */
  runUrl: string
  /** Links a problem's file and line to the pull request's commit. */
  blobUrl: (file: string, line: number) => string
  preview: PreviewState
  /** What `npm run changes` printed; empty when it failed. */
  pageReport: string
  pageReportOutcome: Outcome
  /** The content check's problems (none when it passed). */
  contentProblems: readonly ContentError[]
  /** For the job summary: the page report is already in the “Page report” job's; point there. */
  pageReportInSummary?: boolean
}

export function previewLine(preview: PreviewState): string {
  const line =
    preview.kind === 'published'
      ? `**Preview:** ${preview.url} (this commit's pages, under a path of their own; forms there send nothing; removed when the pull request closes)`
      : preview.kind === 'removed'
        ? '**Preview:** removed, as the pull request is closed.'
        : `**Preview:** none. ${preview.reason}`
  return `${PREVIEW_START}\n${line}\n${PREVIEW_END}`
}

/** The comment with its preview line replaced (the pull request closed, its preview removed). */
export function withPreview(body: string, preview: PreviewState): string {
  const start = body.indexOf(PREVIEW_START)
  const end = body.indexOf(PREVIEW_END, start)
  if (start === -1 || end === -1) return body
  return body.slice(0, start) + previewLine(preview) + body.slice(end + PREVIEW_END.length)
}

/** A table cell: no line breaks, no column separators. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')

export function contentProblemsSection(
  problems: readonly ContentError[],
  blobUrl: ReviewInputs['blobUrl'],
): string {
  const files = new Set(problems.map((problem) => problem.file)).size
  const rows = problems.map(
    (problem) =>
      `| [${cell(problem.file)}:${problem.line}](${blobUrl(problem.file, problem.line)}) | \`${cell(problem.field)}\` | ${cell(problem.message)} |`,
  )
  return [
    `### Content check: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`,
    '',
    'Each is also marked on its line in the “Files changed” tab.',
    '',
    '| Where | Field | Problem |',
    '| --- | --- | --- |',
    ...rows,
  ].join('\n')
}

function pageReportSection(inputs: ReviewInputs): string {
  if (inputs.pageReportOutcome === 'success' && inputs.pageReport.trim())
    return inputs.pageReportInSummary
      ? 'The page report is the summary of this run’s “Page report” job.'
      : inputs.pageReport.trim()
  const why =
    inputs.pageReportOutcome === 'success'
      ? 'it printed nothing'
      : inputs.contentProblems.length
        ? 'the site does not build while the content check fails (above)'
        : `the “Page report” job ended with “${inputs.pageReportOutcome}”; its log says why`
  return `**No page report for this commit:** ${why}. [Workflow run](${inputs.runUrl})`
}

/** The whole comment, marker first, cut to GitHub's limit if the page report is very long. */
export function renderReviewComment(inputs: ReviewInputs): string {
  const showProblems = inputs.contentProblems.length > 0 && inputs.pageReportOutcome !== 'success'
  const head = [
    REVIEW_MARKER,
    '## What this pull request does to the pages',
    '',
    `For commit ${inputs.headSha.slice(0, 7)} · [workflow run](${inputs.runUrl}) · this comment is updated on each push.`,
    '',
    previewLine(inputs.preview),
    '',
    showProblems
      ? '**Built site:** none, as the site does not build while the content check fails.'
      : `**Built site:** the \`${SITE_ARTIFACT}\` artifact of the [workflow run](${inputs.runUrl}#artifacts): unzip it into a folder, then \`npm run serve -- --dist <folder>\`.`,
  ]
  const parts = [
    head.join('\n'),
    ...(showProblems ? [contentProblemsSection(inputs.contentProblems, inputs.blobUrl)] : []),
    pageReportSection(inputs),
  ]
  const body = `${parts.join('\n\n')}\n`
  if (body.length <= COMMENT_LIMIT) return body
  const note = `\n\n**The report is too long for a comment and was cut here**: the whole of it is in the summary of the [workflow run](${inputs.runUrl}).\n`
  return body.slice(0, COMMENT_LIMIT - note.length).replace(/\n[^\n]*$/, '') + note
}
