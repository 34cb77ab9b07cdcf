// The workflow's first job (.github/workflows/ci.yml, "plan"):
//   node scripts/deploy/plan.ts    commit=<sha> rollback=true|false build-date=<day> deploy=true|false
// The commit every later job checks out (a manual run's ref input resolved and checked to be on
// main: operations/deploy-commit.ts), the run's day (BUILD_DATE, set once here and given to
// every later step), and whether the site is deployed. A push and a manual run always deploy; the daily run deploys when a page whose
// day has come is not in the live sitemap, whichever day that was, so a dropped or failed
// morning run is made up by the next one. It runs before anything is installed but the few
// packages the content loader needs (operations/job-dependencies.ts), on Node 24, which runs this
// TypeScript itself: the daily run knows in seconds whether it has anything to do.
import path from 'node:path'
import { publishingDay } from '../../builder/content/load-folder.ts'
import { collections } from '../../content/schema/collections.ts'
import {
  duePages,
  liveSitemap,
  scheduledPages,
  sitemapPaths,
} from '../../operations/daily-publish.ts'
import { runAsCommand, setOutput, type Env } from '../../operations/ci-settings.ts'
import { runCommit } from '../../operations/deploy-commit.ts'

const root = path.resolve(import.meta.dirname, '../..')

export async function plan(env: Env): Promise<void> {
  const run = runCommit(env)
  if ('problem' in run) throw new Error(run.problem)
  setOutput(env, 'commit', run.commit)
  setOutput(env, 'rollback', String(run.rollback))
  const today = await publishingDay(root, collections)
  // The content below is loaded as of that day, as the build will load it.
  process.env.BUILD_DATE = today
  setOutput(env, 'build-date', today)
  if (env.GITHUB_EVENT_NAME !== 'schedule') {
    setOutput(env, 'deploy', 'true')
    return
  }
  const siteUrl = env.SITE_URL?.trim()
  // The daily run exists to publish: without its setting it fails, never a silent success.
  if (!siteUrl)
    throw new Error(
      "SITE_URL is not set, so the live site cannot be read: set it in the production environment's variables (docs/deploy.md), where the plan job reads it.",
    )
  const pages = await scheduledPages()
  const sitemap = await liveSitemap(siteUrl)
  if ('problem' in sitemap) {
    console.log(
      `::warning title=Daily publish::the live sitemap could not be read (${sitemap.problem}); deploying, so that nothing due is left out.`,
    )
    setOutput(env, 'deploy', 'true')
    return
  }
  const due = duePages(pages, sitemapPaths(sitemap.xml, siteUrl), today)
  if (due.length) {
    console.log(`Due by ${today} and not live yet:`)
    for (const page of due) console.log(`  ${page.path} (${page.file}, ${page.publishDate})`)
  } else
    console.log(
      `::notice title=Site deploy skipped::every page dated on or before ${today} is in the live sitemap; the live site is current.`,
    )
  setOutput(env, 'deploy', String(due.length > 0))
}

await runAsCommand(import.meta.url, 'Daily plan', (_command, _args, env) => plan(env))
