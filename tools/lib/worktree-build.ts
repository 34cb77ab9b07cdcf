// Builds another commit of this repository next to the working tree: a temporary git worktree,
// the install reused when that commit's lockfile is byte for byte the one installed here (a
// symlink to node_modules, which takes no time), `npm ci` in the worktree otherwise.
import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, symlink, unlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

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
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
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
    return { label: `\`${ref}\` (${commit.slice(0, 7)})`, commit }
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
    await runLogged('npm', ['run', 'build'], dir, `building the base ${base.label}`)
    return { distDir: path.join(dir, 'dist'), install, remove }
  } catch (error) {
    await remove()
    throw error
  }
}
