// Makes sure the PostgreSQL the tests start (./postgres.ts) exists, and says what it did:
// Debian's server and the pg_cron built for its major version, installed with apt-get where
// that can be done without asking (./apt.ts).
import { aptInstall, canInstall } from './apt.ts'
import { cronPackage, findPostgres } from './postgres.ts'

let install = findPostgres()
if (!install && canInstall) {
  aptInstall('PostgreSQL', ['postgresql'])
  install = findPostgres()
}
if (install && !install.cron && canInstall) {
  aptInstall('PostgreSQL', [cronPackage(install.major)])
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
