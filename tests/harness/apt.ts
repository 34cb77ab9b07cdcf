// Installing one of Debian's packages the tests need (PostgreSQL, ShellCheck), where that can
// be done without asking: as root on Debian or Ubuntu, or with password-free sudo (GitHub's
// runners). The package lists are refreshed first when apt does not know the package yet.
import { execSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const isRoot = process.getuid?.() === 0
const hasSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
/** Whether aptInstall can install anything here. */
export const canInstall = (isRoot || hasSudo) && existsSync('/usr/bin/apt-get')
const asAdmin = (command: string) => (hasSudo ? `sudo ${command}` : command)
const known = (name: string) =>
  spawnSync('apt-cache', ['show', name], { stdio: 'ignore' }).status === 0

/** Installs `packages` with apt-get, saying so under `label`; a failure is said, not thrown. */
export function aptInstall(label: string, packages: string[]): void {
  console.log(`${label}: installing Debian’s ${packages.join(' and ')} with apt-get…`)
  try {
    if (!packages.every(known)) execSync(asAdmin('apt-get update -qq'), { stdio: 'inherit' })
    execSync(
      asAdmin(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`),
      { stdio: 'inherit' },
    )
  } catch {
    console.log(`${label}: apt-get could not install ${packages.join(' and ')}.`)
  }
}
