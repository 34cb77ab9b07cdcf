// Makes sure the PostgreSQL the tests start (./postgres.ts) exists, and says what it did:
// Debian's server and the pg_cron built for its major version. As root on Debian or Ubuntu, or
// with password-free sudo (GitHub's runners), what is missing is installed with apt-get (the
// package lists are refreshed first when apt does not know the package yet).
import { execSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cronPackage, findPostgres } from './postgres.ts'

const isRoot = process.getuid?.() === 0
const hasSudo = !isRoot && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
const canInstall = (isRoot || hasSudo) && existsSync('/usr/bin/apt-get')
const asAdmin = (command: string) => (hasSudo ? `sudo ${command}` : command)
const known = (name: string) =>
  spawnSync('apt-cache', ['show', name], { stdio: 'ignore' }).status === 0

function aptInstall(packages: string[]) {
  console.log(`PostgreSQL: installing Debian’s ${packages.join(' and ')} with apt-get…`)
  try {
    if (!packages.every(known)) execSync(asAdmin('apt-get update -qq'), { stdio: 'inherit' })
    execSync(
      asAdmin(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`),
      { stdio: 'inherit' },
    )
  } catch {
    console.log(`PostgreSQL: apt-get could not install ${packages.join(' and ')}.`)
  }
}

let install = findPostgres()
if (!install && canInstall) {
  aptInstall(['postgresql'])
  install = findPostgres()
}
if (install && !install.cron && canInstall) {
  aptInstall([cronPackage(install.major)])
  install = findPostgres()
}

if (install?.cron) {
  console.log(`PostgreSQL: using ${install.major} with pg_cron (${install.bin})`)
  process.exit(0)
}
console.error(
  install
    ? `PostgreSQL: pg_cron is missing for PostgreSQL ${install.major}: install Debian’s ${cronPackage(install.major)}.`
    : 'PostgreSQL: not installed: install Debian’s postgresql and its pg_cron (postgresql-<major>-cron).',
)
process.exit(1)
