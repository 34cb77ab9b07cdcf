// Which commit a deploy run deploys (operations/deploy-commit.ts), on real git repositories: a
// bare one standing in for GitHub, a clone for the plan's checkout. A manual run's ref input, as
// GitHub's pages show a commit (a short SHA) or a tag, resolves to a full commit of main, and
// one that is not on main is refused. Right before a deploy, each deploy job's newest step runs
// as the job runs it (its command read out of .github/workflows/ci.yml, on the job's Node), in a
// checkout made as actions/checkout makes one: a commit main has moved on from stops with one
// sentence and success, and the deploy steps after it do not run, unless it is a rollback.
import { execFileSync } from 'node:child_process'
import { symlink } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { MAIN_REF, runCommit } from '../../../operations/deploy-commit.ts'
import { DEPLOY_JOBS } from '../../harness/job-install.ts'
import { timeLimit } from '../../harness/time-limit.ts'
import { holds, type Context } from '../helpers/ci-expressions.ts'
import { workflow } from '../helpers/ci-workflow.ts'
import { copyStepFiles, jobNodeBin, runStep } from '../helpers/job-step.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const scratch = scratchDir('deploy-commit-')
const NEWEST_SCRIPT = 'scripts/deploy/newest.ts'

let origin: string
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

beforeAll(async () => {
  origin = path.join(scratch(), 'origin.git')
  checkout = path.join(scratch(), 'checkout')
  git(scratch(), 'init', '--quiet', '--bare', '--initial-branch=main', origin)
  git(scratch(), 'clone', '--quiet', origin, checkout)
  // The repository's files the newest step runs (its npm script and all the script imports), so
  // that a checkout of either commit runs it as the job's checkout does.
  await copyStepFiles([NEWEST_SCRIPT], checkout)
  git(checkout, 'add', '.')
  git(checkout, 'commit', '--quiet', '-m', 'older')
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

describe('right before a deploy: each deploy job’s newest step, as the job runs it', () => {
  type DeployJob = (typeof DEPLOY_JOBS)[number]
  const job = (id: DeployJob) => workflow.jobs[id]!
  const newestStep = (id: DeployJob) => job(id).steps.find((step) => step.id === 'newest')!
  /** Every step after the newest one, by its name or command: the deploy and what checks it. */
  const after = (id: DeployJob) => job(id).steps.slice(job(id).steps.indexOf(newestStep(id)) + 1)
  const label = (step: { name?: string; run?: string }) => step.name ?? step.run ?? ''

  let nodeBin: string
  beforeAll(async () => {
    // Both jobs set up one Node (tests/unit/workflows/ci.deploy.test.ts keeps them equal).
    nodeBin = await jobNodeBin(job('deploy'), scratch())
  })

  /**
   * The job's checkout of `commit`, as actions/checkout makes one for a `ref:` that is a SHA:
   * that commit alone (depth 1), detached, `origin` the repository (here the bare one on disk,
   * where the job's is GitHub with the job's token). Its node_modules stands for the job's
   * `npm ci`: the project's own.
   */
  let checkouts = 0
  async function jobCheckout(commit: string): Promise<string> {
    const dir = path.join(scratch(), `job-checkout-${++checkouts}`)
    git(scratch(), 'init', '--quiet', dir)
    git(dir, 'remote', 'add', 'origin', pathToFileURL(origin).href)
    git(dir, 'fetch', '--quiet', '--no-tags', '--depth=1', 'origin', commit)
    git(dir, 'checkout', '--quiet', '--detach', commit)
    await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
    return dir
  }

  /**
   * The newest step of job `id` in a run of `event` whose own commit is `sha` and whose plan
   * chose `plan` (the commit every job checks out, and whether it is a rollback); which of the
   * later steps then run, by their `if:` read against the step's outputs.
   */
  async function newest(
    id: DeployJob,
    event: string,
    sha: string,
    plan: { commit: string; rollback: boolean },
  ) {
    const context: Context = {
      needs: {
        plan: {
          outputs: {
            commit: plan.commit,
            rollback: String(plan.rollback),
            'build-date': '2026-11-28',
          },
        },
      },
    }
    const run = await runStep(job(id), newestStep(id), {
      cwd: await jobCheckout(plan.commit),
      scratch: scratch(),
      nodeBin,
      runner: { GITHUB_EVENT_NAME: event, GITHUB_REF: MAIN_REF, GITHUB_SHA: sha },
      context,
    })
    const steps = { newest: { outputs: run.outputs } }
    const later = after(id).filter((step) => holds(step.if, { ...context, steps }))
    return { ...run, later: later.map(label) }
  }

  /** Every deploy job's newest-commit step on a push of `commit`: each gives what `expected` says. */
  async function expectEveryDeployJobOnPush(
    commit: string,
    expected: (id: DeployJob) => Awaited<ReturnType<typeof newest>>,
  ) {
    const runs = await Promise.all(
      DEPLOY_JOBS.map((id) => newest(id, 'push', commit, { commit, rollback: false })),
    )
    for (const [index, id] of DEPLOY_JOBS.entries()) expect(runs[index], id).toEqual(expected(id))
  }

  it(
    'says the tip of main deploys, and the deploy steps after it run',
    { timeout: timeLimit(30_000) },
    async () => {
      await expectEveryDeployJobOnPush(tip, (id) => ({
        code: 0,
        stdout: `${tip} is the tip of main: deploying.\n`,
        stderr: '',
        outputs: { newest: 'true' },
        later: after(id).map(label),
      }))
    },
  )

  it(
    'stops with one sentence and success when main has moved on: no deploy step runs',
    { timeout: timeLimit(30_000) },
    async () => {
      // The older push's run, queued last (or re-run): its own commit, now behind main.
      await expectEveryDeployJobOnPush(older, () => ({
        code: 0,
        stdout: `::notice title=Deploy skipped::Not deployed: main has moved on to ${tip} since ${older}, and that commit's own run deploys it.\n`,
        stderr: '',
        outputs: { newest: 'false' },
        later: [],
      }))
    },
  )

  it(
    'lets a rollback deploy the older site on purpose, and says so; its backend does not run',
    { timeout: timeLimit(30_000) },
    async () => {
      // A manual run from main naming a short SHA: the plan's resolution of it, in its checkout.
      const plan = runCommit(
        {
          GITHUB_EVENT_NAME: 'workflow_dispatch',
          GITHUB_REF: MAIN_REF,
          GITHUB_SHA: tip,
          DEPLOY_REF: older.slice(0, 7),
        },
        checkout,
      )
      expect(plan).toEqual({ commit: older, rollback: true })
      if ('problem' in plan) return
      const jobContext: Context = {
        github: { event_name: 'workflow_dispatch', ref: MAIN_REF, event: {} },
        needs: {
          plan: {
            result: 'success',
            outputs: { commit: plan.commit, rollback: 'true', deploy: 'true' },
          },
          test: { result: 'success' },
          backend: { result: 'skipped' },
        },
      }
      expect(holds(job('backend').if, jobContext)).toBe(false)
      expect(holds(job('deploy').if, jobContext)).toBe(true)
      expect(await newest('deploy', 'workflow_dispatch', tip, plan)).toEqual({
        code: 0,
        stdout: `A rollback: deploying ${older} on purpose, though main is at ${tip} (the next push to main deploys main again).\n`,
        stderr: '',
        outputs: { newest: 'true' },
        later: after('deploy').map(label),
      })
    },
  )
})
