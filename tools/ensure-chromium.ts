// Makes sure a Chromium exists for the end-to-end tests, and says what it did: CHROME_PATH or
// the system browser if present; otherwise Playwright's download where downloads work; otherwise
// Debian's chromium package when running as root.
import { execSync } from 'node:child_process'
import { chromiumPath } from './lib/chromium.ts'

const run = (command: string) => execSync(command, { stdio: 'inherit' })

const found = chromiumPath()
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

if (process.getuid?.() === 0) {
  console.log('Chromium: installing Debian’s chromium package with apt-get…')
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium')
  if (chromiumPath()) {
    console.log(`Chromium: installed at ${chromiumPath()}`)
    process.exit(0)
  }
}
console.error('Chromium: not available. Install chromium, or set CHROME_PATH to a Chromium binary.')
process.exit(1)
