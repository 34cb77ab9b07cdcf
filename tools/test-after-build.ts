// Stage 2 of `npm test`: everything that needs the build. With two or more cores the groups run
// side by side (much of their time is spent waiting for a browser, a server or a page left
// alone); on one core they run one after another, so that no group's servers and browsers wait
// behind three others' and reach a time limit meant to catch a hang. Every group runs and
// prints its output whatever another one did; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import path from 'node:path'

// Two waves. The dev-server and sub-path suites (a dev server over a copy of the site, a second
// build under a sub-path) come after the first: run beside it, six groups overloaded two cores
// until servers met the limits meant to catch a hang.
const WAVES = [
  ['test:e2e', 'test:unit', 'test:built', 'test:reliability'],
  ['test:dev', 'test:subpath'],
]

const cores = availableParallelism()
const runner = cores > 1 ? 'run-p' : 'run-s'
let failed = false
for (const [index, groups] of WAVES.entries()) {
  console.log(
    `Stage 2, wave ${index + 1} of ${WAVES.length}: ${groups.join(', ')} ${cores > 1 ? 'side by side' : 'one after another'} (${cores} core${cores > 1 ? 's' : ''} available)`,
  )
  const result = spawnSync(
    path.resolve('node_modules/.bin', runner),
    ['--continue-on-error', '--aggregate-output', '--print-label', ...groups],
    { stdio: 'inherit' },
  )
  // Every wave runs whatever an earlier one did: a contributor sees every failure in one run.
  if (result.status !== 0) failed = true
}
process.exit(failed ? 1 : 0)
