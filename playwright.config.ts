import { defineConfig } from '@playwright/test'
import { PLAYWRIGHT_SUITE } from './tests/harness/playwright-suite.ts'
import { freePort } from './tests/e2e/server/free-port.ts'
import { browserWorkers } from './tests/harness/test-workers.ts'
import { timeLimit } from './tests/harness/time-limit.ts'

// A free port unless the caller names one. Workers load this file again: they inherit the
// environment set here, so every process agrees on the port and the database directory.
process.env.E2E_PORT ??= String(freePort())
process.env.E2E_DATA_DIR ??= `.data/e2e-${process.env.E2E_PORT}`
const PORT = Number(process.env.E2E_PORT)

export default defineConfig({
  ...PLAYWRIGHT_SUITE,
  // Each suite's own folder: a run empties its outputDir first, and the suites run side by side.
  outputDir: 'test-results/e2e',
  testDir: 'tests/e2e',
  // It serves dist/ as it is: a build older than the sources stops the run before any test.
  globalSetup: './tests/harness/fresh-build.ts',
  fullyParallel: true,
  // One browser per core this suite may use, less the one its server keeps
  // (./tests/harness/test-workers.ts).
  workers: browserWorkers(),
  // The ten slowest tests are printed at the end of every run (./tests/e2e/slowest-tests.ts), so
  // a test that grows slow is seen before it meets its time limit; Playwright's own report of
  // slow files is kept too, though it leaves out files whose tests run in parallel.
  reporter: [...PLAYWRIGHT_SUITE.reporter, ['./tests/e2e/slowest-tests.ts']],
  reportSlowTests: { max: 10, threshold: 0 },
  use: { ...PLAYWRIGHT_SUITE.use, baseURL: `http://127.0.0.1:${PORT}` },
  // The built site, served exactly as `npm start` serves it, on loopback only; its database
  // directory and lock are removed when the suite stops it.
  webServer: {
    command: `tsx tests/e2e/server/serve-for-tests.ts`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // Every test posts from 127.0.0.1: one address's limits, the tighter one for requests
      // without the anti-bot fields included, would otherwise fail tests that run later.
      RATE_LIMIT_MAX: '1000',
      UNVERIFIED_RATE_LIMIT_MAX: '1000',
      // Likewise the hour's mail budget: past it requests are stored as held, not mailed, and
      // the suite stores well over the 30 (10 without the anti-bot fields) a real hour allows.
      MAIL_BUDGET_PER_HOUR: '1000',
      UNVERIFIED_MAIL_BUDGET_PER_HOUR: '1000',
      // A store call past its limit is taken for a store that is down: the request is answered
      // 503 and the browser keeps it. Tests make that happen on purpose (a routed 503); a busy
      // machine queueing inserts behind two browsers must not make it happen by accident.
      STORE_TIMEOUT_MS: '30000',
      LEADS_DATA_DIR: process.env.E2E_DATA_DIR,
    },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    // About 10 s of CPU on a quiet machine (tsx, then the database's first open), started while
    // three other groups load both cores: on a fresh CI machine (2026-11-25) it was not ready in
    // 60 s, with nothing wrong. The slow-day factor of every other limit applies; the server says
    // on stderr how long it took, so a start that grows slow shows in the log before it fails.
    timeout: timeLimit(60_000),
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
})
