// `npm ci` is how CI (.ci/run) and the GitHub workflow install. It refuses a lockfile in which a
// locked package's optional platform binaries (rollup's, Tailwind's oxide, Deno's) have no entry,
// so this checks that offline, the way npm's own in-sync check does, and that both places
// install with the same command and no fallback.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

interface LockedPackage {
  version?: string
  optionalDependencies?: Record<string, string>
  dependencies?: Record<string, string>
}
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockedPackage>
}

/** Node's lookup: the dependency in the package's own node_modules, then each parent's, then the root's. */
function resolveInLock(from: string, name: string): string | undefined {
  let dir = from
  for (;;) {
    const candidate = path.posix.join(dir, 'node_modules', name)
    if (lock.packages[candidate]) return candidate
    if (dir === '') return undefined
    const parent = dir.lastIndexOf('/node_modules/')
    dir = parent === -1 ? '' : dir.slice(0, parent)
  }
}

const INSTALL = 'npm ci --no-audit --no-fund'

describe('install from the lockfile', () => {
  it('locks every optional platform package that a locked package asks for', () => {
    const missing: string[] = []
    for (const [location, pkg] of Object.entries(lock.packages)) {
      if (location === '') continue
      for (const name of Object.keys(pkg.optionalDependencies ?? {}))
        if (!resolveInLock(location, name)) missing.push(`${name} (for ${location})`)
    }
    expect(
      missing,
      'Missing from lock file: choose versions whose platform packages exist',
    ).toEqual([])
  })

  it('CI and the GitHub workflow install the same way, with npm ci and no fallback', () => {
    const ciScript = readFileSync('.ci/run', 'utf8')
    const ciInstalls = ciScript
      .split('\n')
      .filter((line) => /^\s*[^#]*\bnpm (ci|install|i)\b/.test(line))
    expect(ciInstalls.map((line) => line.trim())).toEqual([INSTALL])

    const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as {
      jobs: Record<string, { steps: { run?: string }[] }>
    }
    const runs = Object.values(workflow.jobs).flatMap((job) =>
      job.steps.flatMap((step) => (step.run ?? '').split('\n').map((line) => line.trim())),
    )
    expect(runs.filter((line) => /\bnpm (ci|install|i)\b/.test(line))).toEqual([INSTALL])
    // The content check keeps a step of its own, so its annotations show on the pull request.
    expect(runs).toContain('npm run check:content')
    expect(runs).toContain('npm test')
  })
})
