// `node operations/job-dependencies.ts <folder>`: writes into <folder> a package.json and a
// package-lock.json holding only what the daily jobs that need no build import (the watch,
// scripts/watch.ts, and the run's plan, scripts/deploy/plan.ts), at exactly the versions of this
// repository's lockfile, with everything those need. Their workflows install them with `npm ci`
// in seconds instead of the whole project's packages, then run the job on Node 24, which runs
// TypeScript itself. No package is needed to run this file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

/** The scripts the workflows run on this install alone, with Node 24 and no loader. */
export const JOB_SCRIPTS = ['scripts/watch.ts', 'scripts/deploy/plan.ts'] as const

/**
 * The packages JOB_SCRIPTS reach by import (the content loader's, the smoke check's);
 * tests/unit/workflows/watch.test.ts checks this list against what a bundler finds.
 */
export const JOB_PACKAGES = [
  'github-slugger',
  'htmlparser2',
  'mdast-util-to-string',
  'p-limit',
  'remark-gfm',
  'remark-mdx',
  'remark-parse',
  'unified',
  'unist-util-visit',
  'yaml',
  'zod',
] as const

/** A package as package-lock.json (lockfileVersion 3) records it under `packages`. */
export interface LockEntry {
  version?: string
  link?: boolean
  hasInstallScript?: boolean
  engines?: Record<string, string> | string[]
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  devDependencies?: Record<string, string>
  [key: string]: unknown
}

interface Lockfile {
  name: string
  lockfileVersion: number
  packages: Record<string, LockEntry>
  [key: string]: unknown
}

interface Manifest {
  name: string
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

/** Where `name` required from the package at `from` is installed, as Node would find it. */
function resolveIn(packages: Lockfile['packages'], from: string, name: string): string | null {
  let base = from
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`
    if (packages[candidate]) return candidate
    if (!base) return null
    const parent = base.lastIndexOf('/node_modules/')
    base = parent < 0 ? '' : base.slice(0, parent)
  }
}

/** The lockfile entries `names` need, themselves included, by their paths in node_modules. */
export function lockClosure(lock: Lockfile, names: readonly string[]): string[] {
  const found = new Set<string>()
  const visit = (from: string, name: string, optional: boolean) => {
    const location = resolveIn(lock.packages, from, name)
    if (!location) {
      if (optional) return
      throw new Error(`${name} (needed by ${from || 'the daily jobs'}) is not in package-lock.json`)
    }
    if (found.has(location)) return
    found.add(location)
    const entry = lock.packages[location]!
    for (const dependency of Object.keys(entry.dependencies ?? {}))
      visit(location, dependency, false)
    for (const dependency of Object.keys(entry.optionalDependencies ?? {}))
      visit(location, dependency, true)
    for (const dependency of Object.keys(entry.peerDependencies ?? {}))
      visit(location, dependency, entry.peerDependenciesMeta?.[dependency]?.optional ?? false)
  }
  for (const name of names) visit('', name, false)
  return [...found].sort()
}

/** The package.json and lockfile that install `names` and nothing else, as the root pins them. */
export function jobInstallFiles(
  manifest: Manifest,
  lock: Lockfile,
  names: readonly string[] = JOB_PACKAGES,
): { manifest: Manifest; lock: Lockfile } {
  const pick = (ranges: Record<string, string> | undefined) => {
    const picked = Object.entries(ranges ?? {}).filter(([name]) => names.includes(name))
    return picked.length ? Object.fromEntries(picked) : undefined
  }
  const unpinned = names.filter(
    (name) => !manifest.dependencies?.[name] && !manifest.devDependencies?.[name],
  )
  if (unpinned.length)
    throw new Error(`package.json does not list ${unpinned.join(', ')}: add them to it first`)
  const subset: Manifest = {
    name: `${manifest.name}-jobs`,
    dependencies: pick(manifest.dependencies),
    devDependencies: pick(manifest.devDependencies),
  }
  const packages: Lockfile['packages'] = {
    '': {
      name: subset.name,
      dependencies: subset.dependencies,
      devDependencies: subset.devDependencies,
    },
  }
  for (const location of lockClosure(lock, names)) packages[location] = lock.packages[location]!
  return { manifest: subset, lock: { ...lock, name: subset.name, packages } }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folder = process.argv[2]
  if (!folder) {
    console.error('usage: node operations/job-dependencies.ts <folder to write package.json into>')
    process.exit(2)
  }
  const root = path.resolve(import.meta.dirname, '..')
  const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'))
  const files = jobInstallFiles(read('package.json') as Manifest, read('package-lock.json'))
  mkdirSync(folder, { recursive: true })
  writeFileSync(path.join(folder, 'package.json'), `${JSON.stringify(files.manifest, null, 2)}\n`)
  writeFileSync(path.join(folder, 'package-lock.json'), `${JSON.stringify(files.lock, null, 2)}\n`)
  console.log(
    `${Object.keys(files.lock.packages).length - 1} packages for the daily jobs written to ${folder}`,
  )
}
