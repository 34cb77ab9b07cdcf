// Replaces or removes one folder of the branch GitHub Pages publishes (gh-pages), leaving the
// rest as it is: each pull request's preview is a folder of its own. Written with git's plumbing
// on a temporary index, so no checkout of the branch (every other preview) is needed, and the
// working tree is never touched.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** Who the commits are by: the account GitHub shows for the job's token. */
export const ACTIONS_BOT = {
  name: 'github-actions[bot]',
  email: '41898282+github-actions[bot]@users.noreply.github.com',
}

export interface FolderUpdate {
  /** The repository whose remote is pushed to (any folder inside it). */
  repoDir: string
  remote: string
  branch: string
  /** The folder at the branch's root that is replaced, e.g. `pr-12`. */
  folder: string
  /** The files it gets; undefined removes it. */
  from?: string
  message: string
}

/**
 * Another preview pushed between our fetch and our push is the only reason a push of a commit
 * made on the branch's tip is refused; each attempt starts again from the new tip.
 */
const PUSH_ATTEMPTS = 5

function gitRun(
  args: string[],
  { cwd, env = {}, input }: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(
              Object.assign(new Error(`git ${args[0]} failed: ${stderr.trim() || error.message}`), {
                stderr,
              }),
            )
          : resolve(stdout.trim()),
    )
    // A command that does not read its input may exit before it is written: not an error.
    child.stdin?.on('error', () => {})
    child.stdin?.end(input)
  })
}

/**
 * Commits the branch's tip with `folder` replaced (or removed) and a `.nojekyll` at the root
 * (GitHub Pages would otherwise skip files whose names start with `_`), and pushes it. Returns
 * the new commit, or undefined when the branch already looked like that.
 */
export async function updateBranchFolder(update: FolderUpdate): Promise<string | undefined> {
  if (!/^[\w.-]+$/.test(update.folder)) throw new Error(`not a folder name: ${update.folder}`)
  const gitDir = await gitRun(['rev-parse', '--absolute-git-dir'], { cwd: update.repoDir })
  const scratch = await mkdtemp(path.join(tmpdir(), 'pages-branch-'))
  try {
    for (let attempt = 1; ; attempt++) {
      const commit = await commitOnTip(update, gitDir, scratch)
      if (!commit) return undefined
      try {
        await gitRun(['push', '--quiet', update.remote, `${commit}:refs/heads/${update.branch}`], {
          cwd: update.repoDir,
        })
        return commit
      } catch (error) {
        const stderr = String((error as { stderr?: string }).stderr ?? '')
        const moved = /non-fast-forward|fetch first|rejected/.test(stderr)
        if (!moved || attempt === PUSH_ATTEMPTS) throw error
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

async function commitOnTip(
  update: FolderUpdate,
  gitDir: string,
  scratch: string,
): Promise<string | undefined> {
  const cwd = update.repoDir
  const remoteRef = `refs/heads/${update.branch}`
  const listed = await gitRun(['ls-remote', update.remote, remoteRef], { cwd })
  const tip = listed.split(/\s+/)[0] || undefined
  if (tip) await gitRun(['fetch', '--quiet', '--depth=1', update.remote, remoteRef], { cwd })
  if (!tip && !update.from) return undefined

  const index = { GIT_INDEX_FILE: path.join(scratch, 'branch.index') }
  await gitRun(tip ? ['read-tree', tip] : ['read-tree', '--empty'], { cwd, env: index })
  await gitRun(['rm', '-r', '-q', '--cached', '--ignore-unmatch', '--', update.folder], {
    cwd,
    env: index,
  })
  if (update.from) {
    // The new files as a tree of their own (git add from that folder), then read in under the
    // folder's name.
    const filesIndex = { GIT_INDEX_FILE: path.join(scratch, 'files.index') }
    const inFiles = { cwd: update.from, env: filesIndex }
    await gitRun(
      [`--git-dir=${gitDir}`, `--work-tree=${update.from}`, 'add', '-A', '-f', '.'],
      inFiles,
    )
    const filesTree = await gitRun([`--git-dir=${gitDir}`, 'write-tree'], inFiles)
    await gitRun(['read-tree', `--prefix=${update.folder}/`, filesTree], { cwd, env: index })
  }
  const empty = await gitRun(['hash-object', '-w', '--stdin'], { cwd, input: '' })
  await gitRun(['update-index', '--add', '--cacheinfo', `100644,${empty},.nojekyll`], {
    cwd,
    env: index,
  })
  const tree = await gitRun(['write-tree'], { cwd, env: index })
  if (tip && tree === (await gitRun(['rev-parse', `${tip}^{tree}`], { cwd }))) return undefined

  const identity = {
    GIT_AUTHOR_NAME: ACTIONS_BOT.name,
    GIT_AUTHOR_EMAIL: ACTIONS_BOT.email,
    GIT_COMMITTER_NAME: ACTIONS_BOT.name,
    GIT_COMMITTER_EMAIL: ACTIONS_BOT.email,
  }
  return gitRun(['commit-tree', tree, ...(tip ? ['-p', tip] : []), '-m', update.message], {
    cwd,
    env: identity,
  })
}
