// Which commit a deploy run deploys (operations/deploy-commit.ts), on real git repositories: a
// bare one standing in for GitHub, a clone for the job's checkout. A manual run's ref input, as
// GitHub's pages show a commit (a short SHA) or a tag, resolves to a full commit of main, and
// one that is not on main is refused; right before a deploy, a commit main has moved on from
// stops with one sentence and success (scripts/deploy/newest.ts, as the jobs run it), unless it
// is a rollback.
import { execFile, execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCommit } from '../../../operations/deploy-commit.ts'
import { timeLimit } from '../../harness/time-limit.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

const execute = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')
const scratch = scratchDir('deploy-commit-')
const TSX = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href

let checkout: string
let older: string
let tip: string
let unmerged: string
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
    },
  }).trim()

beforeAll(() => {
  const origin = path.join(scratch(), 'origin.git')
  checkout = path.join(scratch(), 'checkout')
  git(scratch(), 'init', '--quiet', '--bare', '--initial-branch=main', origin)
  git(scratch(), 'clone', '--quiet', origin, checkout)
  git(checkout, 'commit', '--quiet', '--allow-empty', '-m', 'older')
  older = git(checkout, 'rev-parse', 'HEAD')
  git(checkout, 'tag', 'v1.0.0')
  git(checkout, 'commit', '--quiet', '--allow-empty', '-m', 'tip')
  tip = git(checkout, 'rev-parse', 'HEAD')
  git(checkout, 'push', '--quiet', '--tags', 'origin', 'main')
  git(checkout, 'switch', '--quiet', '-c', 'feature', older)
  git(checkout, 'commit', '--quiet', '--allow-empty', '-m', 'never merged')
  unmerged = git(checkout, 'rev-parse', 'HEAD')
  git(checkout, 'switch', '--quiet', 'main')
})

const manual = (ref: string) => ({
  GITHUB_EVENT_NAME: 'workflow_dispatch',
  GITHUB_REF: 'refs/heads/main',
  GITHUB_SHA: tip,
  DEPLOY_REF: ref,
})

describe('a run’s commit', () => {
  it('is the run’s own on a push, a daily run and a manual run naming no ref', () => {
    expect(runCommit({ GITHUB_EVENT_NAME: 'push', GITHUB_SHA: tip }, checkout)).toEqual({
      commit: tip,
      rollback: false,
    })
    expect(runCommit(manual(''), checkout)).toEqual({ commit: tip, rollback: false })
  })

  it('resolves a short SHA or a tag of main to its full commit: a rollback', () => {
    expect(runCommit(manual(older.slice(0, 7)), checkout)).toEqual({
      commit: older,
      rollback: true,
    })
    expect(runCommit(manual('v1.0.0'), checkout)).toEqual({ commit: older, rollback: true })
  })

  it('refuses a commit not on main, an unknown ref, and a manual run started from a branch', () => {
    expect(runCommit(manual(unmerged.slice(0, 8)), checkout)).toEqual({
      problem: `the ref input "${unmerged.slice(0, 8)}" is commit ${unmerged}, which is not on main: only a commit main has had is deployed.`,
    })
    expect(runCommit(manual('feature'), checkout)).toMatchObject({
      problem: expect.stringContaining('which is not on main'),
    })
    expect(runCommit(manual('no-such-tag'), checkout)).toEqual({
      problem:
        'the ref input "no-such-tag" names no commit of this repository: give a commit (7 or more characters of its SHA) or a tag of main.',
    })
    expect(runCommit({ ...manual(''), GITHUB_REF: 'refs/heads/feature' }, checkout)).toMatchObject({
      problem: expect.stringContaining('started from refs/heads/feature'),
    })
  })
})

describe('right before a deploy (npm run deploy:newest)', { timeout: timeLimit(30_000) }, () => {
  const newest = async (commit: string, env: Record<string, string> = {}) => {
    git(checkout, 'checkout', '--quiet', '--detach', commit)
    const output = path.join(scratch(), 'output.txt')
    await writeFile(output, '')
    const { stdout } = await execute(
      process.execPath,
      // tsx by its path: the checkout has no node_modules.
      ['--import', TSX, path.join(root, 'scripts/deploy/newest.ts')],
      { cwd: checkout, env: { PATH: process.env.PATH, GITHUB_OUTPUT: output, ...env } },
    )
    return { stdout, outputs: await readFile(output, 'utf8') }
  }

  it('deploys the tip of main', async () => {
    expect(await newest(tip)).toEqual({
      stdout: `${tip} is the tip of main: deploying.\n`,
      outputs: 'newest=true\n',
    })
  })

  it('stops, with one sentence and success, when main has moved on', async () => {
    expect(await newest(older)).toEqual({
      stdout: `::notice title=Deploy skipped::Not deployed: main has moved on to ${tip} since ${older}, and that commit's own run deploys it.\n`,
      outputs: 'newest=false\n',
    })
  })

  it('deploys an older commit when it is a rollback, and says so', async () => {
    const { stdout, outputs } = await newest(older, { ROLLBACK: 'true' })
    expect(outputs).toBe('newest=true\n')
    expect(stdout).toBe(
      `A rollback: deploying ${older} on purpose, though main is at ${tip} (the next push to main deploys main again).\n`,
    )
  })
})
