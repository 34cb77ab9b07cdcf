// One place for how much slower than a quiet machine a run may be before a test is called hung.
// Each time limit in the Vitest and Playwright suites, and in the build checks that drive a
// browser (page weight, screenshots), is written as what its work needs on a quiet 2-core machine
// with the rest of `npm test` beside it, and passed through timeLimit(). A limit catches a hang,
// which is forever, not slowness: on a busy day (load average 15-22 on two cores, 2026-11-25) a
// function server's start took 75 s against 60, a dev server's first page over 60 s, and the
// whole run 25 min against CI's 9, with no test wrong. On CI's fresh machine the next day
// (2026-11-26) the unit group took 19 min, an accessibility test 34.7 s against Playwright's
// default 30 s, and one page of the page-weight walk more than 30 s to load. Node's own suite
// scales its time-outs on slow platforms the same way (common.platformTimeout).
export const SLOW_MACHINE_FACTOR = 3

export const timeLimit = (quietMs: number) => quietMs * SLOW_MACHINE_FACTOR
