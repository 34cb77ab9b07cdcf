// Stage 2 of `npm test`: everything that needs the build. With two or more cores the groups run
// side by side (much of their time is spent waiting for a browser, a server or a page left
// alone); on one core they run one after another, so that no group's servers and browsers wait
// behind three others' and reach a time limit meant to catch a hang. Every group runs and
// prints its output whatever another one did; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import path from 'node:path'

// test:dev needs no build but waits on dev servers, and test:subpath builds a second site of its
// own: both are mostly waiting too, so they join the groups that run side by side.
const STAGE_2_GROUPS = [
  'test:e2e',
  'test:unit',
  'test:built',
  'test:reliability',
  'test:dev',
  'test:subpath',
]

const cores = availableParallelism()
const runner = cores > 1 ? 'run-p' : 'run-s'
console.log(
  `Stage 2: ${STAGE_2_GROUPS.join(', ')} ${cores > 1 ? 'side by side' : 'one after another'} (${cores} core${cores > 1 ? 's' : ''} available)`,
)
const result = spawnSync(
  path.resolve('node_modules/.bin', runner),
  ['--continue-on-error', '--aggregate-output', '--print-label', ...STAGE_2_GROUPS],
  { stdio: 'inherit' },
)
process.exit(result.status ?? 1)
