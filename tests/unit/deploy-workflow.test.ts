// The deploy jobs of .github/workflows/ci.yml, read as GitHub reads them: they wait for the full
// suite, run only for main (a push, a manual run, the daily run), one at a time in the
// production environment, and deploy the very folder they built and checked.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { timeLimit } from '../../tools/lib/time-limit.ts'
import { needsOf, workflow, type Job } from './ci-workflow.ts'

const execute = promisify(execFile)

const { jobs } = workflow

type Event = 'pull_request' | 'push to main' | 'push to a branch' | 'workflow_dispatch' | 'schedule'
const EVENTS: Event[] = [
  'pull_request',
  'push to main',
  'push to a branch',
  'workflow_dispatch',
  'schedule',
]

/**
 * Whether a job's `if` lets it run for an event, every job it needs having succeeded: the few
 * terms these conditions use, replaced by their values, and the rest evaluated as JavaScript
 * (GitHub's &&, || and ! mean the same). An unknown term fails the test rather than guessing.
 */
function runsOn(job: Job, event: Event): boolean {
  const name = event.startsWith('push') ? 'push' : event
  const ref = event === 'push to a branch' ? 'refs/heads/feature' : 'refs/heads/main'
  const expression = (job.if ?? 'true')
    .replace(/^\$\{\{([\s\S]*)\}\}$/, '$1')
    .replace(/!cancelled\(\)/g, 'true')
    .replace(/github\.event\.action != 'closed'/g, 'true')
    .replace(/github\.event_name == '(\w+)'/g, (_, value: string) => String(value === name))
    .replace(/github\.ref == '([\w/-]+)'/g, (_, value: string) => String(value === ref))
    .replace(/needs\.[\w-]+\.result == 'success'/g, 'true')
    .replace(/needs\.[\w-]+\.result == 'skipped'/g, 'false')
  if (!/^[\s()!&|truefals]*$/.test(expression))
    throw new Error(`a term of this condition is not understood here: ${expression}`)
  return Function(`return (${expression})`)() as boolean
}

describe('the deploy jobs', () => {
  it('run on main only: a push, a manual run with a ref, the daily run', () => {
    expect(workflow.on.workflow_dispatch.inputs.ref?.type).toBe('string')
    expect(workflow.on.schedule).toEqual([{ cron: expect.stringMatching(/^\d+ \d+ \* \* \*$/) }])
    const when = (id: string) => EVENTS.filter((event) => runsOn(jobs[id]!, event))
    expect(when('backend')).toEqual(['push to main'])
    expect(when('deploy')).toEqual(['push to main', 'workflow_dispatch', 'schedule'])
    // Checked: the reading of conditions tells jobs apart (the page report runs on pull requests).
    expect(when('report')).toEqual(['pull_request'])
    // The writer's verdict is not run again on the manual and daily runs: the deploy checks.
    expect(when('site')).toEqual(['pull_request', 'push to main', 'push to a branch'])
  })

  it('wait for the full suite, the site for the backend too', () => {
    expect(needsOf(jobs.backend!)).toEqual(['test'])
    expect(needsOf(jobs.deploy!)).toEqual(['test', 'backend'])
    expect(jobs.deploy!.if).toContain("needs.test.result == 'success'")
    // A manual run tests the commit it deploys.
    const checkout = (id: string) =>
      jobs[id]!.steps.find((step) => step.uses?.startsWith('actions/checkout@'))
    expect(checkout('test')?.with?.ref).toBe('${{ inputs.ref || github.sha }}')
    expect(checkout('deploy')?.with?.ref).toBe('${{ inputs.ref || github.sha }}')
  })

  it('run in the production environment, one at a time, the newest site winning', () => {
    expect(jobs.backend!.environment).toBe('production')
    expect(jobs.deploy!.environment).toMatchObject({ name: 'production' })
    expect(jobs.backend!.concurrency).toEqual({
      group: 'production-backend',
      'cancel-in-progress': false,
    })
    expect(jobs.deploy!.concurrency).toEqual({
      group: 'production-site',
      'cancel-in-progress': true,
    })
  })

  it(
    'give each gate every setting it checks, secrets only to the steps that use them',
    { timeout: timeLimit(30_000) },
    async () => {
      const gate = (id: string) => jobs[id]!.steps.find((step) => step.id === 'gate')!
      // Each gate, given what its step's env names (every one filled), lets the job go ahead.
      for (const id of ['backend', 'deploy']) {
        const { env, run } = gate(id)
        const filled = Object.fromEntries(
          Object.keys(env!).map((name) => [name, name.endsWith('URL') ? 'https://x.example' : 'x']),
        )
        const script = /deploy:(\w+)/.exec(run!)![1]
        const { stdout } = await execute(
          process.execPath,
          ['--import', 'tsx', `scripts/deploy/${script}.ts`, 'gate'],
          {
            env: {
              PATH: process.env.PATH,
              ...filled,
              PRODUCTION_REPOSITORY: 'a/b',
              GITHUB_REPOSITORY: 'a/b',
            },
          },
        )
        expect(stdout, id).toBe('ready=true\n')
      }
      for (const id of ['backend', 'deploy']) {
        expect(jobs[id]).not.toHaveProperty('env')
        const after = jobs[id]!.steps.slice(jobs[id]!.steps.indexOf(gate(id)) + 1)
        for (const step of after)
          expect(step.if, step.name ?? step.run ?? step.uses).toBe(
            "steps.gate.outputs.ready == 'true'",
          )
      }
    },
  )

  it('build once, check that folder built and served, deploy it, then check the live site', () => {
    const steps = jobs.deploy!.steps
    const runs = steps.map((step) => step.run ?? step.uses ?? '')
    const at = (command: string) => runs.findIndex((run) => run.startsWith(command))
    expect(runs.filter((run) => /npm run build\b/.test(run))).toEqual(['npm run build'])
    const build = at('npm run build')
    expect(steps[build]!.env).toEqual({
      SITE_URL: '${{ vars.SITE_URL }}',
      VITE_SUPABASE_URL: '${{ vars.VITE_SUPABASE_URL }}',
      VITE_SUPABASE_ANON_KEY: '${{ vars.VITE_SUPABASE_ANON_KEY }}',
    })
    const order = [
      build,
      at('npm run test:html'),
      at('npm run test:links'),
      at('npm run test:budgets'),
      at('npm run --silent deploy:site -- check --dist dist'),
      at('cloudflare/wrangler-action@'),
      at('npm run --silent deploy:site -- deploy --dist dist'),
      at('npm run smoke -- "$SITE_URL"'),
    ]
    expect(order.every((index) => index > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    // The folder checked is the folder deployed, and nothing rebuilds it in between.
    const folder = (run: string) => /--dist (\S+)/.exec(run)?.[1]
    expect(folder(runs[order[4]!]!)).toBe(folder(runs[order[6]!]!))
    // The action only installs Wrangler and checks the token; the script deploys.
    expect(steps[order[5]!]!.with?.command).toBe('whoami')
  })

  it('apply the backend by its script once Supabase’s CLI is there', () => {
    const runs = jobs.backend!.steps.map((step) => step.run ?? step.uses ?? '')
    expect(runs.filter((run) => run.includes('deploy:backend'))).toEqual([
      'npm run --silent deploy:backend -- gate',
      'npm run --silent deploy:backend -- deploy',
    ])
    const cli = runs.findIndex((run) => run.startsWith('supabase/setup-cli@'))
    expect(cli).toBeGreaterThan(runs.indexOf('npm run --silent deploy:backend -- gate'))
    expect(cli).toBeLessThan(runs.indexOf('npm run --silent deploy:backend -- deploy'))
  })

  it('hand the editor’s sign-in settings to the backend’s gate and deploy, secrets as secrets', () => {
    const backendSteps = jobs.backend!.steps.filter((step) => step.run?.includes('deploy:backend'))
    expect(backendSteps).toHaveLength(2)
    for (const step of backendSteps)
      expect(step.env).toMatchObject({
        CMS_GITHUB_CLIENT_ID: '${{ vars.CMS_GITHUB_CLIENT_ID }}',
        CMS_GITHUB_CLIENT_SECRET: '${{ secrets.CMS_GITHUB_CLIENT_SECRET }}',
        CMS_OAUTH_STATE_KEY: '${{ secrets.CMS_OAUTH_STATE_KEY }}',
      })
  })
})

describe('the migration check', () => {
  it('runs on pull requests against a Postgres service', () => {
    const job = jobs.migrations!
    expect(EVENTS.filter((event) => runsOn(job, event))).toEqual(['pull_request'])
    expect(job.services?.postgres?.image).toMatch(/^postgres:\d+/)
    const step = job.steps.find((candidate) => candidate.run === 'npm run check:migrations')
    // Connected as the service's superuser, which is not `postgres`: the check makes `postgres`
    // the non-superuser owner of the migrations, as on Supabase.
    expect(step?.env).toMatchObject({ PGHOST: '127.0.0.1', PGUSER: 'supabase_admin' })
    expect(job.services?.postgres?.env).toMatchObject({
      POSTGRES_USER: step?.env?.PGUSER,
      POSTGRES_PASSWORD: step?.env?.PGPASSWORD,
      POSTGRES_DB: step?.env?.PGDATABASE,
    })
  })
})
