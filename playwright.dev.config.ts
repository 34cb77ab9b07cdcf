import { defineConfig, devices } from '@playwright/test'
import { chromiumPath, CHROMIUM_FLAGS } from './tools/lib/chromium.ts'
import { timeLimit } from './tools/lib/time-limit.ts'

// Tests against `npm run dev` (tests/dev/): each worker starts its own dev server over a copy of
// the site (tests/dev/dev-site.ts), so no web server here and no build first.
export default defineConfig({
  // Each suite's own folder: a run empties its outputDir first, and the suites run side by side.
  outputDir: 'test-results/dev',
  testDir: 'tests/dev',
  // One dev server per worker is most of the cost: files run in parallel, their tests in order.
  fullyParallel: false,
  workers: 1,
  // No retries, as in playwright.config.ts: a test that passes only the second time is to fix.
  retries: 0,
  // A dev server renders each page on request, with a fresh content load after every edit; the
  // slow-day factor as everywhere (tools/lib/time-limit.ts).
  timeout: timeLimit(30_000),
  expect: { timeout: timeLimit(10_000) },
  reporter: [['list'], ...(process.env.CI ? [['github'] as const] : [])],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'] } }],
})
