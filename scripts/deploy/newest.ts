// Right before a deploy (the backend's and the site's, .github/workflows/ci.yml):
//   tsx scripts/deploy/newest.ts     newest=true|false, and one sentence why
// A commit that is no longer the tip of main is not deployed (the run ends green: the newer
// commit's run deploys it); ROLLBACK=true (the plan's output for a manual run naming a ref)
// deploys it anyway. operations/deploy-commit.ts says why this is asked of git, not the queue.
import { runAsCommand, setOutput, type Env } from '../../operations/ci-settings.ts'
import { git, mainTip, newestDecision } from '../../operations/deploy-commit.ts'

export function newest(env: Env): void {
  const commit = git(['rev-parse', 'HEAD'])
  if (!commit) throw new Error('git rev-parse HEAD failed: run this in the checkout')
  const { deploy, sentence } = newestDecision(commit, mainTip(), env.ROLLBACK === 'true')
  console.log(deploy ? sentence : `::notice title=Deploy skipped::${sentence}`)
  setOutput(env, 'newest', String(deploy))
}

await runAsCommand(import.meta.url, 'Deploy', (_command, _args, env) => newest(env))
