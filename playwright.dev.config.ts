import { defineConfig } from '@playwright/test'
import { PLAYWRIGHT_SUITE } from './tests/harness/playwright-suite.ts'
import { timeLimit } from './tests/harness/time-limit.ts'

// Tests against `npm run dev` (tests/dev/): each worker starts its own dev server over a copy of
// the site (tests/dev/dev-site.ts), so no web server here and no build first.
export default defineConfig({
  ...PLAYWRIGHT_SUITE,
  // Each suite's own folder: a run empties its outputDir first, and the suites run side by side.
  outputDir: 'test-results/dev',
  testDir: 'tests/dev',
  // One dev server per worker is most of the cost: files run in parallel, their tests in order.
  fullyParallel: false,
  workers: 1,
  // A dev server renders each page on request, with a fresh content load after every edit: an
  // assertion may wait for one (the test limit is the shared one, tests/harness/playwright-suite.ts).
  expect: { timeout: timeLimit(10_000) },
})
