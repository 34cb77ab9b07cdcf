// One place for how much slower than a quiet machine a run may be before a test is called hung.
// Each time limit in the Vitest and Playwright suites, and in the build checks that drive a
// browser (page weight, screenshots), is written as what its work needs on a quiet 2-core machine
// with the rest of `npm test` beside it, and passed through timeLimit(). A limit catches a hang,
// which is forever, not slowness. Since `npm test` stopped starting more heavy processes than
// cores (tests/harness/run-tests.ts), the factor covers the machines a run meets, not a crowded one: the
// same code took 11:44 on one 2-core machine of this kind and 7:19 on another (2026-11-27/28),
// and pinned to one core a run takes about 1.5 times its two-core time (12:18 against 8:06), so
// the slowest machine on one core needs about 2.4 times a quiet fast one. Node's own suite
// scales its time-outs on slow platforms the same way (common.platformTimeout).
export const SLOW_MACHINE_FACTOR = 3

export const timeLimit = (quietMs: number) => quietMs * SLOW_MACHINE_FACTOR
