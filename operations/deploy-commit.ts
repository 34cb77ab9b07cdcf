// Which commit a deploy run deploys, decided by git rather than by GitHub's queue order:
// - the plan (scripts/deploy/plan.ts) resolves a manual run's `ref` input, a short SHA or a tag
//   as GitHub's pages show them, to the full commit every later job checks out, and refuses
//   one that is not on main (a manual run never deploys a branch that was never merged);
// - right before a deploy (site or backend), scripts/deploy/newest.ts asks whether the checked-out
//   commit is still the tip of main: two pushes close together, or a re-run of an old run, would
//   otherwise leave whichever finished last live, or run migrations from an older checkout.
//   One that is not stops with a sentence and success: the newer commit's own run deploys.
//   A rollback is the one deliberate exception, and says so.
// Both read the repository through the checkout's own git (its `origin` is GitHub, with the
// job's token).
import { spawnSync } from 'node:child_process'
import type { Env } from './ci-settings.ts'

export const MAIN_REF = 'refs/heads/main'

/** Runs git in `cwd`; its output trimmed, or undefined when it fails. */
export function git(args: readonly string[], cwd = process.cwd()): string | undefined {
  const result = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return result.status === 0 ? result.stdout.trim() : undefined
}

/** The tip of main on `origin`, read now (not the checkout's copy, which may be minutes old). */
export function mainTip(cwd?: string): string {
  const line = git(['ls-remote', '--exit-code', 'origin', MAIN_REF], cwd)
  const sha = line?.split(/\s/)[0]
  if (!sha || !/^[0-9a-f]{40}$/.test(sha))
    throw new Error(`git ls-remote could not read ${MAIN_REF} from origin`)
  return sha
}

export type RunCommit = { commit: string; rollback: boolean } | { problem: string }

/**
 * The commit a run deploys: a manual run's `ref` input resolved (any abbreviation git accepts,
 * a tag, a full SHA) and required to be on main, or else the run's own commit. A manual run
 * must be started from main too: the environment's branch rule checks that ref, not the input.
 */
export function runCommit(env: Env, cwd?: string): RunCommit {
  const event = env.GITHUB_EVENT_NAME
  const own = env.GITHUB_SHA ?? ''
  if (event !== 'workflow_dispatch') return { commit: own, rollback: false }
  if (env.GITHUB_REF !== MAIN_REF)
    return {
      problem: `a manual run deploys from main only, and this one was started from ${env.GITHUB_REF}: run the workflow from main, naming the commit or tag in its ref input.`,
    }
  const input = env.DEPLOY_REF?.trim()
  if (!input) return { commit: own, rollback: false }
  const commit = git(['rev-parse', '--verify', '--quiet', `${input}^{commit}`], cwd)
  if (!commit)
    return {
      problem: `the ref input "${input}" names no commit of this repository: give a commit (7 or more characters of its SHA) or a tag of main.`,
    }
  if (git(['merge-base', '--is-ancestor', commit, own], cwd) === undefined)
    return {
      problem: `the ref input "${input}" is commit ${commit}, which is not on main: only a commit main has had is deployed.`,
    }
  return { commit, rollback: true }
}

/** Whether the checked-out commit deploys now, and the one sentence that says why. */
export function newestDecision(
  commit: string,
  tip: string,
  rollback: boolean,
): { deploy: boolean; sentence: string } {
  if (commit === tip) return { deploy: true, sentence: `${commit} is the tip of main: deploying.` }
  if (rollback)
    return {
      deploy: true,
      sentence: `A rollback: deploying ${commit} on purpose, though main is at ${tip} (the next push to main deploys main again).`,
    }
  return {
    deploy: false,
    sentence: `Not deployed: main has moved on to ${tip} since ${commit}, and that commit's own run deploys it.`,
  }
}
