import { defineConfig, devices } from '@playwright/test'
import { chromiumPath, CHROMIUM_FLAGS } from './tools/lib/chromium.ts'
import { freePort } from './tests/e2e/server/free-port.ts'

// A free port unless the caller names one. Workers load this file again: they inherit the
// environment set here, so every process agrees on the port and the database directory.
process.env.E2E_PORT ??= String(freePort())
process.env.E2E_DATA_DIR ??= `.data/e2e-${process.env.E2E_PORT}`
const PORT = Number(process.env.E2E_PORT)

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'] } }],
  // The built site, served exactly as `npm start` serves it, on loopback only; its database
  // directory and lock are removed when the suite stops it.
  webServer: {
    command: `tsx tests/e2e/server/serve-for-tests.ts`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '1000',
      LEADS_DATA_DIR: process.env.E2E_DATA_DIR,
    },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
})
