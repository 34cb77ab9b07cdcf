// .github/workflows/watch.yml (the daily watch, issue 69) and what it installs
// (operations/job-dependencies.ts, which the deploy workflow's plan installs too): its own schedule,
// nothing of the test or deploy jobs, well under a minute, only the packages the watch and the
// plan import, and its secret only in a step's environment.
// actionlint checks the file's syntax with every other workflow (./actionlint.test.ts).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { JOB_PACKAGES, jobInstallFiles, lockClosure } from '../../../operations/job-dependencies.ts'
import { jobInputs } from '../helpers/daily-jobs.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const text = readFileSync(path.join(root, '.github/workflows/watch.yml'), 'utf8')

interface Step {
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface Job {
  needs?: unknown
  uses?: string
  'timeout-minutes': number
  environment?: unknown
  steps: Step[]
}
const workflow = parse(text) as {
  on: Record<string, unknown>
  permissions: Record<string, string>
  jobs: Record<string, Job>
}

describe('the watch workflow', () => {
  const jobs = Object.values(workflow.jobs)
  const steps = jobs.flatMap((job) => job.steps)
  const runs = steps.flatMap((step) => (step.run ? [step.run] : []))

  it('runs daily at 12:43 UTC, after the morning publish, and by hand', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    expect(workflow.on.schedule).toEqual([{ cron: '43 12 * * *' }])
  })

  it('is one job of its own: no other workflow, no test or deploy job, no environment', () => {
    expect(jobs).toHaveLength(1)
    expect(jobs[0]!.needs).toBeUndefined()
    expect(jobs[0]!.uses).toBeUndefined()
    expect(jobs[0]!.environment).toBeUndefined()
    expect(text).not.toMatch(/ci\.yml|npm (test|run (build|deploy))/)
    expect(jobs[0]!['timeout-minutes']).toBeLessThanOrEqual(5)
    expect(workflow.permissions).toEqual({ contents: 'read', actions: 'read' })
  })

  it('installs only the watch’s packages and runs it on Node 24', () => {
    expect(steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with).toEqual({
      'node-version': 24,
    })
    const install = runs.find((run) => run.includes('npm ci'))!
    expect(install).toContain('node operations/job-dependencies.ts "$RUNNER_TEMP/watch"')
    expect(install).toContain('npm ci --prefix "$RUNNER_TEMP/watch" --ignore-scripts')
    expect(runs.filter((run) => /\bnpm (ci|install)\b/.test(run))).toEqual([install])
    expect(runs.at(-1)).toBe('node scripts/watch.ts')
  })

  it('hands its secret to the watch by environment only, never in a command', () => {
    for (const run of runs) expect(run).not.toContain('secrets.')
    const watch = steps.find((step) => step.run === 'node scripts/watch.ts')!
    expect(watch.env?.RELEASE_HELD_TOKEN).toBe('${{ secrets.RELEASE_HELD_TOKEN }}')
    expect(text.match(/secrets\./g)).toHaveLength(1)
  })
})

describe('the daily jobs’ packages', () => {
  it('are exactly the packages the jobs’ scripts import (JOB_SCRIPTS)', async () => {
    const imported = new Set<string>()
    for (const [file, input] of Object.entries(await jobInputs()))
      if (!file.includes('node_modules/'))
        for (const { path: target } of input.imports)
          imported.add(/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(target)?.[1] ?? '')
    imported.delete('')
    expect([...imported].sort()).toEqual([...JOB_PACKAGES].sort())
  })

  it('come with what they need, found as Node finds it, nested copies first', () => {
    const lock = {
      name: 'site',
      lockfileVersion: 3,
      packages: {
        '': { dependencies: { a: '^1.0.0', b: '^1.0.0' } },
        'node_modules/a': { version: '1.0.0', dependencies: { c: '^2.0.0' } },
        'node_modules/a/node_modules/c': { version: '2.0.0', dependencies: { d: '^1.0.0' } },
        'node_modules/b': { version: '1.0.0' },
        'node_modules/c': { version: '1.0.0' },
        'node_modules/d': {
          version: '1.0.0',
          optionalDependencies: { absent: '^1.0.0' },
          peerDependencies: { b: '^1.0.0', 'peer-absent': '^1.0.0' },
          peerDependenciesMeta: { 'peer-absent': { optional: true } },
        },
      },
    }
    expect(lockClosure(lock, ['a'])).toEqual([
      'node_modules/a',
      'node_modules/a/node_modules/c',
      'node_modules/b',
      'node_modules/d',
    ])
    expect(() => lockClosure(lock, ['e'])).toThrow('e (needed by the daily jobs) is not in')
  })

  it('are pinned by this repository’s package.json and lockfile, nothing else added', () => {
    const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'))
    const rootLock = read('package-lock.json')
    const { manifest, lock } = jobInstallFiles(read('package.json'), rootLock)
    const listed = { ...manifest.dependencies, ...manifest.devDependencies }
    expect(Object.keys(listed).sort()).toEqual([...JOB_PACKAGES].sort())
    for (const [location, entry] of Object.entries(lock.packages))
      if (location) expect(entry).toEqual(rootLock.packages[location])
    // A small install, not the project's.
    expect(Object.keys(lock.packages).length).toBeLessThan(200)
  })
})
