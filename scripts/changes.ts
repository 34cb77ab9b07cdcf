// `npm run changes -- [base] [--screenshots DIR]`: what this change does to the built pages.
// Builds the base commit (default: the merge base with main) once, cached by commit, and the
// working tree in place, compares every page by its words and structured data, and prints a
// Markdown report grouped by cause (also appended to $GITHUB_STEP_SUMMARY when set); content
// that fails the content check is reported instead of failing. With --screenshots, before and
// after shots of each changed region go to DIR. Progress goes to stderr, the report to stdout.
import { appendFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { runChanges } from '../review/changes-run.ts'
import { git, resolveBase } from '../builder/worktree-build.ts'

const USAGE = `Usage: npm run changes -- [base] [--screenshots DIR]

  base               a commit, branch or tag to compare with (default: the merge base of HEAD
                     with main, or with origin/main)
  --screenshots DIR  also write before/after PNGs (1280 and 390 px) of each changed region`

/** GitHub drops a job summary above 1 MiB: a very large report is cut, and says so. */
const STEP_SUMMARY_LIMIT = 1024 * 1024 - 4096

function forStepSummary(report: string): string {
  if (Buffer.byteLength(report) <= STEP_SUMMARY_LIMIT) return report
  const cut = Buffer.from(report)
    .subarray(0, STEP_SUMMARY_LIMIT)
    .toString()
    .replace(/\n[^\n]*$/, '')
  return `${cut}\n\n**The report is too long for a job summary and was cut here**; run \`npm run changes\` locally for the rest.\n`
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { screenshots: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }
  if (positionals.length > 1)
    throw new Error(`expected at most one base, got ${positionals.join(' ')}\n\n${USAGE}`)
  const started = performance.now()
  const log = (line: string) =>
    console.error(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`)
  const repo = await git(process.cwd(), ['rev-parse', '--show-toplevel']).catch(() => {
    throw new Error(`${process.cwd()} is not inside a git repository`)
  })
  const base = await resolveBase(repo, positionals[0])
  const screenshotsDir = values.screenshots ? path.resolve(values.screenshots) : undefined

  const report = await runChanges({
    repo,
    base,
    screenshotsDir,
    screenshotsLabel: values.screenshots,
    screenshotsWhere:
      process.env.GITHUB_ACTIONS === 'true'
        ? 'the `page-screenshots` artifact of this workflow run'
        : undefined,
    log,
  })
  process.stdout.write(report)
  if (process.env.GITHUB_STEP_SUMMARY)
    await appendFile(process.env.GITHUB_STEP_SUMMARY, forStepSummary(report))
}

// Ctrl-C reaches the builds too (same process group): staying alive until they stop lets the
// temporary worktree be removed rather than left behind.
process.on('SIGINT', () =>
  console.error('Interrupted: stopping and removing the temporary worktree…'),
)

main().catch((error: unknown) => {
  console.error(`npm run changes: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
