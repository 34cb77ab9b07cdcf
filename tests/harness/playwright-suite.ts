// What the three Playwright suites (playwright.config.ts, playwright.dev.config.ts,
// playwright.subpath.config.ts) share: the system Chromium (./chromium.ts), one desktop project,
// no retries, the time limits, the reporters and a trace and screenshot kept for a failed test. Each config adds its folder,
// its server and its limits.
import { devices, type PlaywrightTestConfig } from '@playwright/test'
import { CHROMIUM_FLAGS, testChromiumPath } from './chromium.ts'
import { timeLimit } from './time-limit.ts'

export const PLAYWRIGHT_SUITE = {
  // No retries, in CI either: a test that passes only the second time is a test to fix, and a
  // retry hides exactly the slow-machine failures a contributor then meets.
  retries: 0,
  // Playwright's own limits (30 s a test, 5 s an assertion) through the slow-day factor every
  // other limit has (./time-limit.ts): a limit catches a hang, not a busy machine.
  timeout: timeLimit(30_000),
  expect: { timeout: timeLimit(5_000) },
  reporter: [['list'], ...(process.env.CI ? [['github'] as const] : [])],
  use: {
    // A failed test keeps its trace: actions, console, network and sources. Not the DOM
    // snapshots and screencast frames, which cost a fifth of the suite's CPU on every passing
    // test (29 accessibility tests: 196 core-s with them, 149 without, 151 with no trace at
    // all); the page as it failed is the screenshot beside it.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: testChromiumPath(), args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'] } }],
} satisfies PlaywrightTestConfig
