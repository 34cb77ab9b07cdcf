// How many workers (browsers, Vitest threads) a test suite may start. `npm test` runs several
// suites side by side and hands each its share of the cores in TEST_WORKERS
// (tests/harness/run-tests.ts), so that together they start no more heavy processes than the
// machine has cores; a suite run alone gets one per core. availableParallelism() honours taskset
// and cgroup limits, so a run pinned to one core starts one.
import { availableParallelism } from 'node:os'

export const testWorkers = (): number =>
  Math.max(1, Number(process.env.TEST_WORKERS) || availableParallelism())

/**
 * Browsers for a suite that also runs the server they visit: that server is a heavy process
 * too, so it keeps one of the suite's cores. On 2 cores, the accessibility walk with 2 browsers
 * beside its server had 5.3 threads running or waiting for a CPU on average; with one, 2.0, in
 * 78 s instead of 55 s for the same 97 core-s (2026-11-28).
 */
export const browserWorkers = (): number => Math.max(1, testWorkers() - 1)
