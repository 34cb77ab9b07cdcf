// `npm run changes -- [base] [--screenshots DIR]`: what this change does to the built pages.
// Builds the base commit (default: the merge base with main) in a temporary worktree and the
// working tree in place, compares every page by its words and structured data, and prints a
// Markdown report (also appended to $GITHUB_STEP_SUMMARY when set). With --screenshots, before
// and after shots of the changed pages go to DIR. Progress goes to stderr, the report to stdout.
import { appendFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readBuiltPages } from '../tools/lib/built-pages.ts'
import { renderChangesReport, type ReportOptions } from '../tools/lib/changes-report.ts'
import { compareSites, type SiteChanges } from '../tools/lib/page-changes.ts'
import { takeScreenshots, type ScreenshotRequest } from '../tools/lib/page-screenshots.ts'
import { serveBuild } from '../tools/lib/serve-build.ts'
import {
  buildCommitInWorktree,
  git,
  resolveBase,
  runLogged,
  type BaseBuild,
} from '../tools/lib/worktree-build.ts'

const USAGE = `Usage: npm run changes -- [base] [--screenshots DIR]

  base               a commit, branch or tag to compare with (default: the merge base of HEAD
                     with main, or with origin/main)
  --screenshots DIR  also write before/after PNGs (390 and 1280 px) of each changed page`

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

/** The pages worth a look: every changed page, every added one, and one page per shared change. */
function screenshotRequests(changes: SiteChanges): ScreenshotRequest[] {
  const requests: ScreenshotRequest[] = changes.changed.map(({ route }) => ({
    route,
    sides: ['before', 'after'],
  }))
  for (const { routes } of changes.shared)
    if (!routes.some((route) => requests.some((request) => request.route === route)))
      requests.push({ route: routes[0]!, sides: ['before', 'after'] })
  for (const { route } of changes.added) requests.push({ route, sides: ['after'] })
  return requests
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

  log(`Building the base, ${base.label}, in a temporary worktree…`)
  let baseBuild: BaseBuild | undefined
  try {
    baseBuild = await buildCommitInWorktree(repo, base, log)
    const install =
      baseBuild.install === 'shared'
        ? 'same lockfile: node_modules shared'
        : 'installed with npm ci'
    log(`Base built (${install}).`)
    log('Building the working tree…')
    await runLogged('npm', ['run', 'build'], repo, 'building the working tree')

    const afterDist = path.join(repo, 'dist')
    const [before, after] = await Promise.all([
      readBuiltPages(path.join(baseBuild.distDir, 'client')),
      readBuiltPages(path.join(afterDist, 'client')),
    ])
    const changes = compareSites(before, after)
    log(`Compared ${before.size} pages with ${after.size}.`)

    let screenshots: ReportOptions['screenshots']
    if (screenshotsDir) {
      const requests = screenshotRequests(changes)
      log(`Screenshots of ${requests.length} page(s) into ${screenshotsDir}…`)
      const [beforeSite, afterSite] = await Promise.all([
        serveBuild(baseBuild.distDir),
        serveBuild(afterDist),
      ])
      try {
        const byRoute = await takeScreenshots(
          requests,
          { before: beforeSite.origin, after: afterSite.origin },
          screenshotsDir,
        )
        const where =
          process.env.GITHUB_ACTIONS === 'true'
            ? 'the `page-screenshots` artifact of this workflow run'
            : undefined
        screenshots = { dir: values.screenshots!, where, byRoute }
        log('Screenshots taken.')
      } finally {
        await Promise.all([beforeSite.close(), afterSite.close()])
      }
    }

    const report = renderChangesReport(changes, {
      base: base.label,
      head: 'the working tree',
      screenshots,
    })
    process.stdout.write(report)
    if (process.env.GITHUB_STEP_SUMMARY)
      await appendFile(process.env.GITHUB_STEP_SUMMARY, forStepSummary(report))
  } finally {
    await baseBuild?.remove()
  }
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
