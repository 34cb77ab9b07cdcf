// `npm ci` is how CI (.ci/run) and the GitHub workflow install. It refuses a lockfile in which a
// locked package's optional platform binaries (rollup's, Tailwind's oxide, Deno's) have no entry,
// so this checks that offline, the way npm's own in-sync check does, and that both places
// install with the same command and no fallback. It also checks that every locked package with an
// install script has a decision in package.json's `allowScripts` (npm 11.16 on skips the scripts
// of the others and warns "… have install scripts not yet covered by allowScripts"). And it checks
// what npm warns about while it builds the tree: a locked package whose peer range leaves out the
// version installed beside it ("ERESOLVE overriding peer dependency": Decap's dependencies that
// declare React 16-18) without an override that admits it, and a locked package whose
// `engines.node` leaves out the oldest Node this project supports ("EBADENGINE").
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { timeLimit } from '../harness/time-limit.ts'
import type { LockEntry } from '../../operations/job-dependencies.ts'
import { HOSTS_JOB_INSTALL } from '../../operations/hosts.ts'

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockEntry>
}
/** npm's `overrides`: a package's spec, or the specs of the packages under one. */
type Overrides = { [key: string]: string | Overrides }
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  allowScripts?: Record<string, boolean>
  engines: { node: string }
  overrides?: Overrides
} & Partial<Record<'dependencies' | 'devDependencies', Record<string, string>>>

/** Every locked package by its location, but the project itself (the root, at ''). */
const locked = Object.entries(lock.packages).filter(([location]) => location !== '')

/** The package name of a lockfile location (`node_modules/a/node_modules/@b/c` → `@b/c`). */
const nameAt = (location: string) => location.slice(location.lastIndexOf('node_modules/') + 13)

/** The first npm release that reads `allowScripts` and warns about packages it does not cover. */
const ALLOW_SCRIPTS_SINCE = [11, 16] as const
const npmVersion = execFileSync('npm', ['--version'], { encoding: 'utf8' })
  .trim()
  .split('.')
  .map(Number)
const npmReadsAllowScripts =
  npmVersion[0]! > ALLOW_SCRIPTS_SINCE[0] ||
  (npmVersion[0] === ALLOW_SCRIPTS_SINCE[0] && npmVersion[1]! >= ALLOW_SCRIPTS_SINCE[1])

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
/** The plan's: the lockfile's packages it imports, cut from the lock (operations/job-dependencies.ts). */
const PLAN_INSTALL = 'npm ci --prefix "$RUNNER_TEMP/plan" --ignore-scripts --no-audit --no-fund'

/** An override's spec as npm reads it: `$name` is the root package's own spec for `name`. */
function overrideSpec(spec: string): string | undefined {
  if (!spec.startsWith('$')) return spec
  const name = spec.slice(1)
  return manifest.dependencies?.[name] ?? manifest.devDependencies?.[name]
}

/** The specs an `overrides` entry gives the dependencies of the package locked at `location`. */
function overridesFor(location: string): Record<string, string> {
  const { version = '' } = lock.packages[location]!
  const found: Record<string, string> = {}
  for (const [key, value] of Object.entries(manifest.overrides ?? {})) {
    // A key is `name` or `name@range`: the range limits it to the versions in it.
    const at = key.indexOf('@', 1)
    const name = at === -1 ? key : key.slice(0, at)
    if (typeof value === 'string' || name !== nameAt(location)) continue
    if (at !== -1 && !semver.satisfies(version, key.slice(at + 1))) continue
    for (const [dependency, spec] of Object.entries(value))
      if (typeof spec === 'string') found[dependency] = spec
  }
  return found
}

interface PeerMismatch {
  location: string
  peer: string
  range: string
  installed: string
}

/** Every locked package's peer whose declared range leaves out the version installed for it. */
function peerMismatches(): PeerMismatch[] {
  const mismatches: PeerMismatch[] = []
  for (const [location, pkg] of locked) {
    for (const [peer, range] of Object.entries(pkg.peerDependencies ?? {})) {
      // A peer resolves beside the package: its own node_modules holds none.
      const installedAt = resolveInLock(location, peer)
      const installed = installedAt && lock.packages[installedAt]!.version
      if (installed && !semver.satisfies(installed, range))
        mismatches.push({ location, peer, range, installed })
    }
  }
  return mismatches
}

const minimumNode = semver.minVersion(manifest.engines.node)!.version

describe('install from the lockfile', () => {
  it('locks every optional platform package that a locked package asks for', () => {
    const missing: string[] = []
    for (const [location, pkg] of locked) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {}))
        if (!resolveInLock(location, name)) missing.push(`${name} (for ${location})`)
    }
    expect(
      missing,
      'Missing from lock file: choose versions whose platform packages exist',
    ).toEqual([])
  })

  it('decides in allowScripts, and only there, for every locked package with an install script', () => {
    const withScripts = new Set(
      locked.filter(([, pkg]) => pkg.hasInstallScript).map(([location]) => nameAt(location)),
    )
    const decided = new Set(
      Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(?<=.)@.*$/, '')),
    )
    expect(
      [...withScripts].filter((name) => !decided.has(name)),
      'approve or deny them: npm install-scripts approve|deny <name>',
    ).toEqual([])
    expect(
      [...decided].filter((name) => !withScripts.has(name)),
      'stale allowScripts entries: npm install-scripts prune',
    ).toEqual([])
  })

  it.runIf(npmReadsAllowScripts)(
    'npm finds no installed package whose install scripts allowScripts does not cover',
    () => {
      // What `npm install` warns about at its end, asked of the installed tree.
      const report = JSON.parse(
        execFileSync('npm', ['install-scripts', 'ls', '--json'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      ) as { allowScripts: { name: string }[] }
      expect(report.allowScripts.map((pkg) => pkg.name)).toEqual([])
    },
    // npm reads the whole installed tree: seconds on a busy machine.
    timeLimit(60_000),
  )

  it('overrides, with a spec that admits it, every peer a locked package declares too narrowly', () => {
    // npm installs the peer anyway and warns "ERESOLVE overriding peer dependency", once a
    // mismatch (16 on `npm install`, 15 on `npm ci`, before the overrides). An override such as
    // `"react-redux": { "react": "$react" }` replaces the declared range, so npm finds it met.
    const unmet = peerMismatches()
      .filter(({ location, peer, installed }) => {
        const spec = overridesFor(location)[peer]
        const admitted = spec === undefined ? undefined : overrideSpec(spec)
        return admitted === undefined || !semver.satisfies(installed, admitted)
      })
      .map(({ location, peer, range, installed }) => `${location}: ${peer} ${range}, ${installed}`)
    expect(
      unmet,
      'add to overrides in package.json: "<package>": { "<peer>": "$<peer>" }, or a range that admits the version installed',
    ).toEqual([])
  })

  it('overrides no peer that its package already admits', () => {
    // An override kept after Decap widens its ranges would hide the next real mismatch.
    const needed = new Set(
      peerMismatches().map(({ location, peer }) => `${nameAt(location)} ${peer}`),
    )
    const peerOverrides = locked.flatMap(([location, pkg]) =>
      Object.keys(overridesFor(location))
        .filter((dependency) => pkg.peerDependencies?.[dependency] !== undefined)
        .map((peer) => `${nameAt(location)} ${peer}`),
    )
    expect(
      [...new Set(peerOverrides)].filter((pair) => !needed.has(pair)),
      'remove these from overrides in package.json',
    ).toEqual([])
  })

  it('locks no package whose engines.node leaves out the oldest Node the project supports', () => {
    // npm warns "EBADENGINE" for each (content-type 3, through @octokit/request, wanted Node 22).
    const excluding = locked
      .filter(([, pkg]) => {
        const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node
        return range !== undefined && !semver.satisfies(minimumNode, range)
      })
      .map(([location, pkg]) => `${location}@${pkg.version}: node ${JSON.stringify(pkg.engines)}`)
    expect(excluding, `each wants a newer Node than ${minimumNode}`).toEqual([])
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
    // Each job installs for itself (they run side by side on machines of their own).
    const installs = runs.filter((line) => /\bnpm (ci|install|i)\b/.test(line))
    expect(installs.length).toBeGreaterThan(0)
    const others = new Set([HOSTS_JOB_INSTALL, PLAN_INSTALL])
    expect(new Set(installs.filter((line) => !others.has(line)))).toEqual(new Set([INSTALL]))
    // The deploy jobs' other install, the hosts' own tools: once in each (backend, site).
    expect(installs.filter((line) => line === HOSTS_JOB_INSTALL)).toHaveLength(2)
    expect(installs.filter((line) => line === PLAN_INSTALL)).toHaveLength(1)
    // The content check keeps a step of its own, so its annotations show on the pull request.
    expect(runs).toContain('npm run check:content')
    expect(runs).toContain('npm test')
  })
})
