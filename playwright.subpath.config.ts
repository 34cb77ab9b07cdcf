// The browser checks of the site built under a sub-path (npm run test:subpath builds it first):
// the same browser and server as playwright.config.ts, serving that build under its base.
import { defineConfig } from '@playwright/test'
import { PLAYWRIGHT_SUITE } from './tests/harness/playwright-suite.ts'
import { SUBPATH_BASE, SUBPATH_DIST } from './tests/harness/subpath-build.ts'
import { freePort } from './tests/e2e/server/free-port.ts'
import { browserWorkers } from './tests/harness/test-workers.ts'
import { timeLimit } from './tests/harness/time-limit.ts'

process.env.E2E_SUBPATH_PORT ??= String(freePort())
process.env.E2E_SUBPATH_DATA_DIR ??= `.data/e2e-subpath-${process.env.E2E_SUBPATH_PORT}`
const PORT = Number(process.env.E2E_SUBPATH_PORT)

export default defineConfig({
  ...PLAYWRIGHT_SUITE,
  // Each suite's own folder: a run empties its outputDir first, and the suites run side by side.
  outputDir: 'test-results/subpath',
  testDir: 'tests/subpath',
  fullyParallel: true,
  workers: browserWorkers(),
  use: {
    ...PLAYWRIGHT_SUITE.use,
    // Addresses in the tests are written in full, base included, as a visitor's browser has them.
    baseURL: `http://127.0.0.1:${PORT}`,
  },
  webServer: {
    command: `tsx tests/e2e/server/serve-for-tests.ts --dist ${SUBPATH_DIST}`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LEADS_DATA_DIR: process.env.E2E_SUBPATH_DATA_DIR,
    },
    url: `http://127.0.0.1:${PORT}${SUBPATH_BASE}`,
    reuseExistingServer: false,
    timeout: timeLimit(60_000),
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
})
