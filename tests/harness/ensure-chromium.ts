// Makes sure the Chromiums the tests drive exist, and says what it did: CHROME_PATH, or the
// system's headless shell (./chromium.ts), which tests drive at about two thirds of the whole
// browser's CPU, and the whole browser, which the one test of paint timing and the measurements
// drive. As root on Debian, the missing packages are installed with apt-get. With no system
// Chromium at all, Playwright's download where downloads work.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chromiumPath, HEADLESS_SHELL, testChromiumPath } from './chromium.ts'

const run = (command: string) => execSync(command, { stdio: 'inherit' })
const isRoot = process.getuid?.() === 0
const hasApt = existsSync('/usr/bin/apt-get')

function aptInstall(packages: string[]) {
  console.log(`Chromium: installing Debian’s ${packages.join(' and ')} with apt-get…`)
  try {
    run(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`,
    )
    return true
  } catch {
    console.log(`Chromium: apt-get could not install ${packages.join(' and ')}.`)
    return false
  }
}

const missing = process.env.CHROME_PATH
  ? []
  : [
      ...(existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
      ...(chromiumPath() ? [] : ['chromium']),
    ]
if (missing.length && isRoot && hasApt) aptInstall(missing)

const found = testChromiumPath()
if (found) {
  console.log(`Chromium: using ${found}`)
  if (!chromiumPath())
    console.log(
      'Chromium: no whole browser found: the page script’s paint-order test needs one (install chromium, or set CHROME_PATH).',
    )
  process.exit(0)
}

console.log('Chromium: none found; trying `npx playwright install chromium`…')
try {
  run('npx playwright install chromium')
  console.log('Chromium: installed by Playwright.')
  process.exit(0)
} catch {
  console.log('Chromium: Playwright could not download a browser here.')
}

console.error(
  'Chromium: not available. Install chromium-headless-shell (or chromium), or set CHROME_PATH to a Chromium binary.',
)
process.exit(1)
