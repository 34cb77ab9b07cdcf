// `npm run test:subpath`: the site under a sub-path, as a pull request's preview is published.
// Builds it once (SITE_BASE_PATH, SITE_PREVIEW; ./subpath-build.ts) into its own folder, then
// checks every internal link under the base (../built/check-links.ts --dist) and runs the browser checks
// of tests/subpath/ against it (playwright.subpath.config.ts): route guard, redirects, page
// script, search index, the preview's forms, and headings that spell the page's own ids. None of
// them opens the editor, so the build leaves it out (8-11 CPU s). Exit code non-zero if any
// step fails.
//
// The build runs in a scratch copy of the project holding the real content and one fixture
// article (FIXTURE_ARTICLE), so that article is never in content/, where the real build and the
// suites running beside this one read. The copy's node_modules is a link to this project's, so
// the build reuses its caches and writes SUBPATH_DIST where the steps after it read.
import { spawnSync } from 'node:child_process'
import { cp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { withoutEditor } from '../../builder/admin/without-editor.ts'
import { hashOf } from '../../builder/cache.ts'
import { copySite, siteRoot } from '../unit/helpers/site-copy.ts'
import {
  FIXTURE_ARTICLE,
  FIXTURE_ARTICLE_FILE,
  SUBPATH_DIST,
  subpathBuildEnv,
} from './subpath-build.ts'

/** Runs one step, says how long it took, and ends the run if it failed. */
function step(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const started = performance.now()
  const result = spawnSync(command, args, { stdio: 'inherit', cwd, env })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`test:subpath: ${name} failed (${seconds} s).`)
    return result.status ?? 1
  }
  console.log(`test:subpath: ${name} passed in ${seconds} s.`)
  return 0
}

// One folder per project, not a new one each run: the build keeps its content load by project
// folder, and a new folder each run would leave one more behind in node_modules/.cache.
const copy = await copySite(
  'subpath-site-',
  async (project) => {
    await cp(path.join(siteRoot, 'content'), path.join(project, 'content'), { recursive: true })
    await cp(
      path.join(siteRoot, FIXTURE_ARTICLE_FILE),
      path.join(project, 'content/articles', `${FIXTURE_ARTICLE}.mdx`),
    )
  },
  path.join(tmpdir(), `subpath-site-${hashOf(siteRoot).slice(0, 16)}`),
)
let status: number
try {
  status = step('build under the sub-path', 'npm', ['run', 'build'], copy.project, {
    ...withoutEditor(),
    ...subpathBuildEnv,
  })
} finally {
  await copy.remove()
}
if (status === 0)
  status = step(
    'links',
    'npm',
    ['run', 'test:links', '--', '--dist', SUBPATH_DIST],
    siteRoot,
    process.env,
  )
if (status === 0)
  status = step(
    'browser checks',
    'npx',
    ['playwright', 'test', '--config', 'playwright.subpath.config.ts'],
    siteRoot,
    process.env,
  )
process.exit(status)
