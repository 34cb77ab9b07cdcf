// Makes sure ShellCheck is there for the workflow lint (tests/unit/workflows/actionlint.test.ts
// runs it on every `run:` block), and says what it did: Debian's `shellcheck`, installed with
// apt-get where that can be done without asking (./apt.ts), as PostgreSQL is.
// `npm run setup:shellcheck`; npm test's unit step runs it first.
import { spawnSync } from 'node:child_process'
import { aptInstall, canInstall } from './apt.ts'

const version = () => {
  const result = spawnSync('shellcheck', ['--version'], { encoding: 'utf8' })
  return result.status === 0 ? /^version: (.+)$/m.exec(result.stdout)?.[1] : undefined
}

let found = version()
if (!found && canInstall) {
  aptInstall('ShellCheck', ['shellcheck'])
  found = version()
}
if (found) console.log(`ShellCheck: using ${found}`)
else {
  console.error(
    'ShellCheck: not installed: install Debian’s shellcheck (apt-get install shellcheck).',
  )
  process.exit(1)
}
