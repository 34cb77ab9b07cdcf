// `npm run test:subpath`: the site under a sub-path, as a pull request's preview is published.
// Builds it once (SITE_BASE_PATH, SITE_PREVIEW; ./subpath-build.ts) into its own folder, then
// checks every internal link under the base (../built/check-links.ts --dist) and runs the browser checks
// of tests/subpath/ against it (playwright.subpath.config.ts): route guard, redirects, page
// script, search index, the preview's forms. None of them opens the editor, so the build leaves it
// out (8-11 CPU s). Exit code non-zero if any step fails.
import { spawnSync } from 'node:child_process'
import { withoutEditor } from '../../builder/admin/without-editor.ts'
import { SUBPATH_DIST, subpathBuildEnv } from './subpath-build.ts'

const steps: [string, string, string[], NodeJS.ProcessEnv][] = [
  ['build under the sub-path', 'npm', ['run', 'build'], { ...withoutEditor(), ...subpathBuildEnv }],
  ['links', 'npm', ['run', 'test:links', '--', '--dist', SUBPATH_DIST], process.env],
  [
    'browser checks',
    'npx',
    ['playwright', 'test', '--config', 'playwright.subpath.config.ts'],
    process.env,
  ],
]
for (const [name, command, args, env] of steps) {
  const started = performance.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`test:subpath: ${name} failed (${seconds} s).`)
    process.exit(result.status ?? 1)
  }
  console.log(`test:subpath: ${name} passed in ${seconds} s.`)
}
