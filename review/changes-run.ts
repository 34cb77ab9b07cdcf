// The whole of `npm run changes`: checks the working tree's content, builds the base once per
// commit (cached) and the working tree, compares their pages, groups the changes by cause and,
// when asked, photographs the changed regions. Returns the Markdown report.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadContent } from '../builder/content/load.ts'
import { collections } from '../content/schema/collections.ts'
import { groupChanges, type ChangeGroup } from './change-groups.ts'
import {
  renderChangesReport,
  renderContentCheckReport,
  type ReportOptions,
} from './changes-report.ts'
import { readBuiltPages } from './built-pages.ts'
import { changedContentFiles, fileOfRoute, removedFileRoutes } from './content-changes.ts'
import { compareSites } from './page-changes.ts'
import { takeScreenshots, type ScreenshotRequest } from './page-screenshots.ts'
import { serveBuild } from '../server/serve-build.ts'
import { cachedBaseBuild, git, runLogged, type BaseCommit } from '../builder/worktree-build.ts'

export interface ChangesRun {
  repo: string
  base: BaseCommit
  /** Where to write the screenshots, if any. */
  screenshotsDir?: string
  /** How the report names that folder (as the user typed it). */
  screenshotsLabel?: string
  /** Where the reader finds the screenshots ("the artifact of this run"). */
  screenshotsWhere?: string
  log: (line: string) => void
}

/** Files whose change can alter colours or pictures: then both colour schemes are shot. */
const VISUAL_FILE = /\.(css|png|jpe?g|webp|avif|gif|svg)$|^content\/illustrations\//

/** One region per group: the owner's first change of its text, else its heading. */
function screenshotRequest(group: ChangeGroup, dark: boolean): ScreenshotRequest | undefined {
  if (group.kind === 'added')
    return { route: group.route, sides: { after: { sentence: '', changed: '' } }, dark }
  if (group.kind === 'removed')
    return { route: group.route, sides: { before: { sentence: '', changed: '' } }, dark }
  const hunk = group.hunks.find(({ part }) => part === 'Main content')
  if (!hunk) return undefined
  const { change } = hunk
  return {
    route: group.route,
    sides: {
      before: { sentence: change.plainBefore, changed: change.hunk.removed },
      after: { sentence: change.plainAfter, changed: change.hunk.added },
    },
    dark,
  }
}

export async function runChanges(run: ChangesRun): Promise<string> {
  const { repo, base, log } = run
  const head = 'the working tree'
  const content = await loadContent(repo, collections, { cache: true })
  if (content.errors.length) {
    log(`The content check failed (${content.errors.length} problems): reporting them.`)
    return renderContentCheckReport(content.errors, { base: base.label, head })
  }

  const baseBuild = await cachedBaseBuild(repo, base, log)
  log(
    baseBuild.source === 'cached'
      ? `Base ${base.label}: built before, reused from ${baseBuild.distDir}.`
      : `Base built (${baseBuild.source === 'shared' ? 'same lockfile: node_modules shared' : 'installed with npm ci'}).`,
  )
  log('Building the working tree…')
  await runLogged('npm', ['run', 'build'], repo, 'building the working tree')
  const afterDist = path.join(repo, 'dist')
  const [before, after, files, allChanged] = await Promise.all([
    readBuiltPages(path.join(baseBuild.distDir, 'client')),
    readBuiltPages(path.join(afterDist, 'client')),
    changedContentFiles(repo, base.commit),
    git(repo, ['diff', '--name-only', base.commit]),
  ])
  const changes = compareSites(before, after)
  log(`Compared ${before.size} pages with ${after.size}.`)

  const owners = fileOfRoute(repo, content.entries)
  const removedFiles = files.filter(({ file }) => !existsSync(path.join(repo, file)))
  for (const [route, file] of removedFileRoutes(
    removedFiles,
    changes.removed.map((page) => page.route),
  ))
    if (!owners.has(route)) owners.set(route, file)
  const groups = groupChanges({ changes, before, after, files, fileOfRoute: owners })

  let screenshots: ReportOptions['screenshots']
  if (run.screenshotsDir) {
    const dark = [...allChanged.split('\n'), ...files.map(({ file }) => file)].some((file) =>
      VISUAL_FILE.test(file),
    )
    const requests = groups.flatMap((group) => screenshotRequest(group, dark) ?? [])
    log(`Screenshots of ${requests.length} changed region(s) into ${run.screenshotsDir}…`)
    const [beforeSite, afterSite] = await Promise.all([
      serveBuild(baseBuild.distDir),
      serveBuild(afterDist),
    ])
    try {
      const { byRoute, missing } = await takeScreenshots(
        requests,
        { before: beforeSite.origin, after: afterSite.origin },
        run.screenshotsDir,
      )
      screenshots = {
        dir: run.screenshotsLabel ?? run.screenshotsDir,
        where: run.screenshotsWhere,
        byRoute,
        missing,
      }
      log('Screenshots taken.')
    } finally {
      await Promise.all([beforeSite.close(), afterSite.close()])
    }
  }
  return renderChangesReport({ changes, groups }, { base: base.label, head, screenshots })
}
