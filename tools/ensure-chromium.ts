// Makes sure a Chromium exists for the tests, and says what it did: CHROME_PATH, or the system's
// headless shell (./lib/chromium.ts), which tests drive at about two thirds of the whole
// browser's CPU; as root on Debian, the headless shell's package is installed when missing. With
// no system Chromium at all, Playwright's download where downloads work, then Debian's chromium.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { HEADLESS_SHELL, testChromiumPath } from './lib/chromium.ts'

const run = (command: string) => execSync(command, { stdio: 'inherit' })
const isRoot = process.getuid?.() === 0
const hasApt = existsSync('/usr/bin/apt-get')

function aptInstall(packageName: string) {
  console.log(`Chromium: installing Debian’s ${packageName} package with apt-get…`)
  try {
    run(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packageName}`,
    )
    return true
  } catch {
    console.log(`Chromium: apt-get could not install ${packageName}.`)
    return false
  }
}

if (!process.env.CHROME_PATH && !existsSync(HEADLESS_SHELL) && isRoot && hasApt)
  aptInstall('chromium-headless-shell')

const found = testChromiumPath()
if (found) {
  console.log(`Chromium: using ${found}`)
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

if (isRoot && hasApt && aptInstall('chromium') && testChromiumPath()) {
  console.log(`Chromium: installed at ${testChromiumPath()}`)
  process.exit(0)
}
console.error(
  'Chromium: not available. Install chromium-headless-shell (or chromium), or set CHROME_PATH to a Chromium binary.',
)
process.exit(1)
