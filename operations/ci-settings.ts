// What the deploy jobs share (./backend-deploy.ts, ../scripts/deploy/site.ts): whether the settings a job needs are
// there, and how a job says so. A fork or a fresh copy has no secrets: its deploy jobs skip with
// a notice naming what to set. The production repository (the PRODUCTION_REPOSITORY variable)
// must not silently stop deploying, so there a missing setting fails the job; so it does on a
// daily or manual run, which exists to deploy. A setting that is
// there is also checked for its value (valueProblems): each problem one sentence naming the
// setting, never its value, since the log is public.
import { appendFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { missing, withoutValues, type Env } from './deploy-settings.ts'
import { HOSTS_JOB_INSTALL } from './hosts.ts'

export type { Env }

/** Whether this run is in the repository that deploys the live site. */
export function isProductionRepository(env: Env): boolean {
  return !!env.PRODUCTION_REPOSITORY && env.PRODUCTION_REPOSITORY === env.GITHUB_REPOSITORY
}

/** A run someone asked to deploy: the daily run or a manual one. It never skips in silence. */
export const isDeployRun = (env: Env): boolean =>
  env.GITHUB_EVENT_NAME === 'schedule' || env.GITHUB_EVENT_NAME === 'workflow_dispatch'

/** Sets a step output (`steps.<id>.outputs.<name>`) on GitHub; printed elsewhere. */
export function setOutput(env: Env, name: string, value: string): void {
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `${name}=${value}\n`)
  else console.log(`${name}=${value}`)
}

/** How a gate reads the values of its settings, and every setting (optional ones too) it reads. */
export interface ValueCheck {
  /** One sentence per problem, naming the setting. */
  problems: (env: Env) => string[]
  settings: readonly string[]
}

/**
 * Decides whether a job goes ahead: `ready=true` when every name is set and `values` finds no
 * problem in them (a problem fails the job wherever it runs). Without `switchName`
 * (the setting whose absence means "not set up here") the job is skipped with a notice, outside
 * the production repository; any other gap is a mistake and fails the job.
 */
export function gate(
  env: Env,
  job: string,
  switchName: string,
  names: readonly string[],
  where: string,
  values?: ValueCheck,
): boolean {
  const absent = missing(env, names)
  if (!absent.length) {
    // Every setting is there, so each is read as the deploy would read it.
    const problems = (values?.problems(env) ?? []).map((problem) =>
      withoutValues(problem, env, [...names, ...values!.settings]),
    )
    for (const problem of problems)
      console.log(`::error title=${job} cannot deploy::${problem} See docs/deploy.md.`)
    if (problems.length) process.exitCode = 1
    setOutput(env, 'ready', problems.length ? 'false' : 'true')
    return !problems.length
  }
  const list = absent.join(', ')
  if (absent.includes(switchName) && !isProductionRepository(env) && !isDeployRun(env)) {
    console.log(
      `::notice title=${job} skipped::${job} is not set up in this repository: set ${list} (${where}; docs/deploy.md) to deploy.`,
    )
    setOutput(env, 'ready', 'false')
    return false
  }
  const why = isProductionRepository(env)
    ? `this is the production repository (PRODUCTION_REPOSITORY=${env.PRODUCTION_REPOSITORY})`
    : isDeployRun(env) && absent.includes(switchName)
      ? `a ${env.GITHUB_EVENT_NAME === 'schedule' ? 'daily' : 'manual'} run is there to deploy (set them in the production environment)`
      : `${switchName} is set, so the rest must be too`
  console.log(`::error title=${job} cannot deploy::missing ${list}; ${why}. See docs/deploy.md.`)
  process.exitCode = 1
  setOutput(env, 'ready', 'false')
  return false
}

/**
 * Runs a command of a deploy CLI (the hosts' supabase and wrangler, by their paths), its output
 * shown; its arguments never hold a secret (secrets go by environment or file), so the line is
 * printed. Standard input is /dev/null, as on a runner: a command that would ask, fails.
 */
export function runCli(command: string, args: readonly string[], env: Env): void {
  console.log(`$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: env as NodeJS.ProcessEnv,
  })
  if (result.error)
    throw new Error(
      `${command} could not be started (${result.error.message}): install the deploy tools first (${HOSTS_JOB_INSTALL})`,
    )
  if (result.status !== 0)
    throw new Error(`${command} ${args[0] ?? ''} failed with exit status ${result.status}`)
}

/**
 * Prints each of a check's failures as an error annotation under `title`, so the run's summary
 * shows them; when there is any, the job fails and the answer is true.
 */
export function reportFailures(title: string, failures: readonly string[]): boolean {
  for (const failure of failures) console.log(`::error title=${title}::${failure}`)
  if (failures.length) process.exitCode = 1
  return failures.length > 0
}

/**
 * Runs a deploy command's `main` when its file is the command run (imported by a test, it does
 * nothing); what it throws is one error annotation under `title` and a failing job.
 */
export async function runAsCommand(
  moduleUrl: string,
  title: string,
  main: (command: string | undefined, args: string[], env: Env) => Promise<void> | void,
): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return
  try {
    await main(process.argv[2], process.argv.slice(3), process.env)
  } catch (error) {
    reportFailures(title, [error instanceof Error ? error.message : String(error)])
  }
}
