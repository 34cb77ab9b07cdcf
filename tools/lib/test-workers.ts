// How many workers (browsers, Vitest threads) a test suite may start. `npm test` runs several
// suites side by side and hands each its share of the cores in TEST_WORKERS
// (tools/run-tests.ts), so that together they start no more heavy processes than the
// machine has cores; a suite run alone gets one per core. availableParallelism() honours taskset
// and cgroup limits, so a run pinned to one core starts one.
import { availableParallelism } from 'node:os'

// A browser suite starts as many browsers as it is given: the static server it visits is not a
// heavy process: it keeps a small part of a core busy while they walk the pages
// (docs/performance.md, "npm test's schedule").
export const testWorkers = (): number =>
  Math.max(1, Number(process.env.TEST_WORKERS) || availableParallelism())
