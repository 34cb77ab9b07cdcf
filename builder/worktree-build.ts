// Builds another commit of this repository next to the working tree: a temporary git worktree,
// the install reused when that commit's lockfile is byte for byte the one installed here (a
// symlink to node_modules, which takes no time), `npm ci` in the worktree otherwise.
// In the builder, not review/, because the bench's --compare (measure/) builds its other commit
// with it too, and measurement never imports the report (.dependency-cruiser.cjs).
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createHash } from 'node:crypto'
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  utimes,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { withoutEditor } from './admin/without-editor.ts'
import { CACHE_ROOT } from './cache.ts'

const execFileAsync = promisify(execFile)

export async function git(repo: string, args: string[]): Promise<string> {
  const { stdout } = await execFileAsync('git', args, { cwd: repo, maxBuffer: 64 * 1024 * 1024 })
  return stdout.trim()
}

export class BuildError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(`${message}\n\n${output.trimEnd()}`)
  }
}

/** Runs a command, its stdout and stderr kept together as one log; throws BuildError on failure. */
export function runLogged(
  command: string,
  args: string[],
  cwd: string,
  what: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) => reject(new BuildError(`${what}: ${error.message}`, output)))
    child.on('close', (code) =>
      code === 0
        ? resolve(output)
        : reject(
            new BuildError(
              `${what} failed (\`${command} ${args.join(' ')}\`, exit ${code}):`,
              output,
            ),
          ),
    )
  })
}

export interface BaseCommit {
  /** The ref as given, or how the default was found ("merge base with main"). */
  label: string
  commit: string
}

/**
 * The commit to compare with: `ref` when given, else the merge base of HEAD with main (or
 * origin/main, as in a CI checkout where only the remote branch exists).
 */
export async function resolveBase(repo: string, ref?: string): Promise<BaseCommit> {
  const commitOf = (name: string) =>
    git(repo, ['rev-parse', '--verify', '--quiet', `${name}^{commit}`]).catch(() => undefined)
  if (ref) {
    const commit = await commitOf(ref)
    if (!commit) {
      const shallow = (await git(repo, ['rev-parse', '--is-shallow-repository'])) === 'true'
      throw new Error(
        `unknown base "${ref}": it names no commit in ${repo}.` +
          (shallow ? ' This clone is shallow: fetch more history (fetch-depth: 0 on GitHub).' : ''),
      )
    }
    // A hash names itself: "`c34fbf6` (c34fbf6)" would say it twice.
    const label = commit.startsWith(ref) ? `\`${ref}\`` : `\`${ref}\` (${commit.slice(0, 7)})`
    return { label, commit }
  }
  for (const branch of ['main', 'origin/main']) {
    if (!(await commitOf(branch))) continue
    const commit = await git(repo, ['merge-base', 'HEAD', branch]).catch(() => undefined)
    if (!commit)
      throw new Error(
        `HEAD and ${branch} have no common history; name a base: npm run changes -- <ref>`,
      )
    return { label: `its merge base with \`${branch}\` (${commit.slice(0, 7)})`, commit }
  }
  throw new Error(
    'there is no branch main or origin/main to compare with; name a base: npm run changes -- <ref>',
  )
}

export interface BaseBuild {
  /** The worktree's dist folder (client/ and headers.json). */
  distDir: string
  /** Whether node_modules was shared (same lockfile) or installed afresh with npm ci. */
  install: 'shared' | 'npm ci'
  /** Removes the worktree and its build. */
  remove(): Promise<void>
}

/** Checks out `base` in a temporary worktree and builds it; the caller removes it. */
export async function buildCommitInWorktree(
  repo: string,
  base: BaseCommit,
  log: (line: string) => void = () => {},
): Promise<BaseBuild> {
  const dir = await mkdtemp(path.join(tmpdir(), 'changes-base-'))
  let added = false
  const remove = async () => {
    // The symlink goes first, so nothing below can reach through it into the shared install.
    await unlink(path.join(dir, 'node_modules')).catch(() => {})
    if (added) await git(repo, ['worktree', 'remove', '--force', dir]).catch(() => {})
    await rm(dir, { recursive: true, force: true })
    await git(repo, ['worktree', 'prune']).catch(() => {})
  }
  try {
    await git(repo, ['worktree', 'add', '--detach', dir, base.commit])
    added = true
    const lockfile = (root: string) =>
      readFile(path.join(root, 'package-lock.json')).catch(() => undefined)
    const [ours, theirs] = await Promise.all([lockfile(repo), lockfile(dir)])
    const sameLock =
      ours && theirs && ours.equals(theirs) && existsSync(path.join(repo, 'node_modules'))
    let install: BaseBuild['install']
    if (sameLock) {
      await symlink(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
      install = 'shared'
    } else {
      log(`The base's package-lock.json differs: installing it with npm ci in ${dir}`)
      await runLogged(
        'npm',
        ['ci', '--no-audit', '--no-fund'],
        dir,
        `installing the base ${base.label}`,
      )
      install = 'npm ci'
    }
    // Its pages only: no one opens the base's editor. A base from before the variable builds
    // its editor all the same, which changes nothing the comparison reads.
    await runLogged(
      'npm',
      ['run', 'build'],
      dir,
      `building the base ${base.label}`,
      withoutEditor(),
    )
    return { distDir: path.join(dir, 'dist'), install, remove }
  } catch (error) {
    await remove()
    throw error
  }
}

/** Base builds kept: a reviewer going back and forth between a few bases reuses each. */
const KEPT_BASE_BUILDS = 3

/** What else than the commit a build's output depends on: the settings read from the environment. */
const BUILD_SETTINGS = ['SITE_BASE_PATH', 'SITE_PREVIEW'] as const

function cacheKey(commit: string): string {
  const settings = BUILD_SETTINGS.map((name) => `${name}=${process.env[name] ?? ''}`).join('\n')
  return `${commit}-${createHash('sha256').update(settings).digest('hex').slice(0, 8)}`
}

export interface CachedBaseBuild {
  /** The cached dist folder (client/ and headers.json); read it, never change it. */
  distDir: string
  /** Whether this run built it ("cached" when an earlier run did). */
  source: 'cached' | BaseBuild['install']
}

/** Copies or moves `from` to `to`: a rename when both are on one file system. */
async function moveDir(from: string, to: string) {
  try {
    await rename(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    await cp(from, to, { recursive: true })
    await rm(from, { recursive: true, force: true })
  }
}

/** Deletes all but the most recently used base builds. */
async function pruneBaseBuilds(cacheRoot: string) {
  const names = await readdir(cacheRoot).catch(() => [] as string[])
  const used = await Promise.all(
    names
      .filter((name) => !name.endsWith('.partial'))
      .map(async (name) => ({ name, at: (await stat(path.join(cacheRoot, name))).mtimeMs })),
  )
  used.sort((a, b) => b.at - a.at)
  for (const { name } of used.slice(KEPT_BASE_BUILDS))
    await rm(path.join(cacheRoot, name), { recursive: true, force: true })
}

/**
 * The build of `base`, made once per commit (and build settings) and kept in
 * node_modules/.cache/changes-base: a second report against the same base builds only the
 * working tree. A commit's build never changes, so the commit names it.
 */
export async function cachedBaseBuild(
  repo: string,
  base: BaseCommit,
  log: (line: string) => void = () => {},
): Promise<CachedBaseBuild> {
  const cacheRoot = path.join(repo, CACHE_ROOT, 'changes-base')
  const folder = path.join(cacheRoot, cacheKey(base.commit))
  const distDir = path.join(folder, 'dist')
  if (existsSync(distDir)) {
    const now = new Date()
    await utimes(folder, now, now)
    return { distDir, source: 'cached' }
  }
  log(`Building the base, ${base.label}, in a temporary worktree (kept for the next run)…`)
  const build = await buildCommitInWorktree(repo, base, log)
  try {
    await mkdir(cacheRoot, { recursive: true })
    // Moved in whole under a temporary name, so a run stopped half way leaves no partial build
    // under the commit's name.
    const partial = `${folder}.${process.pid}.partial`
    await mkdir(partial, { recursive: true })
    await moveDir(build.distDir, path.join(partial, 'dist'))
    await rm(folder, { recursive: true, force: true })
    await rename(partial, folder)
  } finally {
    await build.remove()
  }
  await pruneBaseBuilds(cacheRoot)
  return { distDir, source: build.install }
}
