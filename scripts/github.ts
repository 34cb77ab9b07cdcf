// `npm run github -- <command>`: what only a GitHub Actions run does for a pull request
// (.github/workflows/ci.yml). Reads the run's environment (GITHUB_TOKEN, GITHUB_EVENT_PATH, …).
//
//   review --page-report FILE --page-report-outcome O [--preview JSON] [--preview-outcome O]
//       the report as one comment on the pull request, edited on each push; the job summary
//       always, and alone on a fork's pull request (its token cannot write)
//   preview         build the site under the preview's path and publish it to gh-pages/pr-<n>/;
//                   sets the step output `preview` (JSON) for the review job, and the head
//                   commit's status `deploy/preview` to its address (the editor's preview link)
//   preview-remove  remove gh-pages/pr-<n>/ (the pull request closed) and say so in the comment
import { parseArgs } from 'node:util'
import { appendSummary, readActionsEnv, runUrl, setOutput } from '../review/github/actions-env.ts'
import { githubClient } from '../review/github/client.ts'
import {
  buildPreviewSite,
  PAGES_BRANCH,
  previewFolder,
  publishPreview,
  removePreview,
} from '../operations/previews/pages-preview.ts'
import { readPullRequestEvent } from '../review/github/pull-request-event.ts'
import { markPreviewRemoved, postReview } from '../review/github/review.ts'
import {
  contentProblems,
  parseOutcome,
  previewFrom,
  readPageReport,
} from '../review/github/review-inputs.ts'

const USAGE = `Usage: npm run github -- review --page-report FILE --page-report-outcome OUTCOME [--preview JSON] [--preview-outcome OUTCOME]
       npm run github -- preview
       npm run github -- preview-remove
(in a GitHub Actions step started by a pull_request event)`

const COMMANDS = ['review', 'preview', 'preview-remove']

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'page-report': { type: 'string' },
      'page-report-outcome': { type: 'string' },
      preview: { type: 'string' },
      'preview-outcome': { type: 'string' },
    },
  })
  const [command, ...extra] = positionals
  if (!command || extra.length || !COMMANDS.includes(command))
    throw new Error(command ? `unknown command "${positionals.join(' ')}"\n\n${USAGE}` : USAGE)
  const env = readActionsEnv()
  if (env.eventName !== 'pull_request')
    throw new Error(`this runs for pull_request events, not ${env.eventName}\n\n${USAGE}`)
  const event = await readPullRequestEvent(env.eventPath)
  const octokit = githubClient(env)
  const repoDir = process.cwd()

  if (command === 'review') {
    if (!values['page-report']) throw new Error(`review needs --page-report FILE\n\n${USAGE}`)
    const pageReportOutcome = parseOutcome(values['page-report-outcome'], '--page-report-outcome')
    const pageReport = await readPageReport(values['page-report'])
    // Shown only when they kept the page report from being made (a report shows its own).
    const problems = pageReportOutcome === 'success' ? [] : await contentProblems(repoDir)
    const { summary, commentUrl } = await postReview(octokit, event, {
      headSha: event.headSha,
      runUrl: runUrl(env),
      blobUrl: (file, line) =>
        `${env.serverUrl}/${env.repository}/blob/${event.headSha}/${file}#L${line}`,
      preview: previewFrom(
        values.preview,
        parseOutcome(values['preview-outcome'] ?? 'skipped', '--preview-outcome'),
        event,
      ),
      pageReport,
      pageReportOutcome,
      contentProblems: problems,
    })
    await appendSummary(env, summary)
    console.log(commentUrl ? `Review comment: ${commentUrl}` : 'Review: job summary only.')
  } else if (command === 'preview') {
    const preview = await publishPreview({
      octokit,
      event,
      repoDir,
      build: (basePath) => buildPreviewSite(repoDir, basePath),
    })
    await setOutput(env, 'preview', JSON.stringify(preview))
    const line =
      preview.kind === 'published'
        ? `Preview published: ${preview.url}`
        : `No preview: ${preview.kind === 'unavailable' ? preview.reason : preview.kind}`
    await appendSummary(env, line)
    console.log(line)
  } else {
    const removed = await removePreview({ event, repoDir })
    const edited = await markPreviewRemoved(octokit, event)
    console.log(
      `${removed ? `Removed ${PAGES_BRANCH}/${previewFolder(event.number)}/` : 'No preview to remove'}; ${edited ? 'the comment says so' : 'no comment to edit'}.`,
    )
  }
}

main().catch((error: unknown) => {
  console.error(`npm run github: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
