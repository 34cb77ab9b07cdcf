// Browser downloads are not possible on these machines: tests drive the system Chromium.
import { existsSync } from 'node:fs'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/**
 * Chromium's headless shell: the same Blink and V8 without the browser's user interface, which
 * Playwright itself drives for headless runs. On the accessibility walk of 29 pages it took 99
 * core-s against the whole browser's 156 (2026-11-27), and tests are CPU-bound.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/** The whole browser: what measurements (Lighthouse, the bench, first loads) drive, as visitors do. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH
  return CANDIDATES.find((candidate) => existsSync(candidate))
}

/** What tests drive: the headless shell where installed, else the whole browser. */
export function testChromiumPath(): string | undefined {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath()
}
