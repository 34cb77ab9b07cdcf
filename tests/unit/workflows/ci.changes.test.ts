// The GitHub workflow's shape, as docs/reviewing.md promises it: least privilege; a fast job with
// the writer's verdict beside the full suite; the page report on every pull request whatever the
// tests say, as one comment (scripts/github.ts); the Pages preview and its removal.
import { describe, expect, it } from 'vitest'
import { SITE_ARTIFACT } from '../../../review/github/review-comment.ts'
import { workflow, type Job, type Step } from '../helpers/ci-workflow.ts'

const { jobs } = workflow
const runs = (job: Job) => job.steps.flatMap((step) => (step.run ? [step.run.trim()] : []))
const stepIndex = (job: Job, test: (step: Step) => boolean) => job.steps.findIndex(test)
const INSTALL = 'npm ci --no-audit --no-fund'

describe('the workflow', () => {
  it('gives every job read access to the code only, unless it says what it writes', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' })
    const writers = Object.fromEntries(
      Object.entries(jobs)
        .filter(([, job]) => job.permissions)
        .map(([id, job]) => [id, job.permissions]),
    )
    expect(writers).toEqual({
      // statuses: the preview's address on the head commit, Decap's "View Preview" link.
      preview: { contents: 'write', pages: 'read', statuses: 'write' },
      review: { contents: 'read', 'pull-requests': 'write' },
      'preview-remove': { contents: 'write', 'pull-requests': 'write' },
    })
    // The writers run for the base repository's own pull requests only, never a fork's.
    for (const id of ['preview', 'preview-remove'])
      expect(jobs[id]!.if).toContain(
        'github.event.pull_request.head.repo.full_name == github.repository',
      )
  })

  it('runs the writer’s verdict in a job of its own, beside the full suite and waiting for nothing', () => {
    const site = jobs.site!
    expect(site.needs).toBeUndefined()
    expect(runs(site)).toEqual([
      INSTALL,
      'npm run check:content',
      'npm run build',
      'npm run test:html',
      'npm run test:links',
      'npm run test:budgets',
    ])
    expect(runs(jobs.test!)).toEqual([INSTALL, 'npm test'])
    // The suite waits only for the plan of a deploying run (the day's decision), which a pull
    // request's run skips (tests/unit/workflows/ci.deploy.test.ts).
    expect(jobs.test!.needs).toBe('plan')
  })

  it('restores the build caches after npm ci (which empties node_modules), the same in every job', () => {
    const caches = Object.values(jobs).flatMap((job) => {
      const cache = stepIndex(job, (step) => step.uses?.startsWith('actions/cache@') ?? false)
      if (cache === -1) return []
      expect(cache).toBeGreaterThan(stepIndex(job, (step) => step.run === INSTALL))
      return [job.steps[cache]!.with]
    })
    expect(caches.length).toBeGreaterThanOrEqual(3)
    expect(caches[0]).toMatchObject({ path: 'node_modules/.cache' })
    for (const cache of caches) expect(cache).toEqual(caches[0])
    // A job that installs the project's packages keeps npm's cache; the plan installs about
    // 150 (operations/job-dependencies.ts), faster fetched than the whole cache restored.
    for (const job of Object.values(jobs)) {
      const node = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))
      if (node && job.steps.some((step) => step.run === INSTALL))
        expect(node.with).toMatchObject({ cache: 'npm' })
    }
  })

  it('uploads the built site under the name the comment gives', () => {
    const upload = jobs.site!.steps.find((step) =>
      step.uses?.startsWith('actions/upload-artifact@'),
    )
    expect(upload?.with).toMatchObject({ name: SITE_ARTIFACT })
    expect(String(upload?.with?.path).trim().split('\n')).toEqual([
      'dist/client',
      'dist/headers.json',
    ])
  })

  it('makes the page report on pull requests from the whole history, whatever the tests say', () => {
    const report = jobs.report!
    expect(report.needs).toBeUndefined()
    expect(report.if).toContain("github.event_name == 'pull_request'")
    const checkout = report.steps.find((step) => step.uses?.startsWith('actions/checkout@'))
    expect(checkout?.with?.['fetch-depth']).toBe(0)
    // --silent: npm's own "> command" lines would go to the file, and so to the comment.
    const changes = report.steps.find((step) => /\bnpm run .*\bchanges\b/.test(step.run ?? ''))
    expect(changes?.run).toBe(
      'npm run --silent changes -- "$BASE_REF" --screenshots page-screenshots > page-report.md',
    )
    const uploads = report.steps.filter((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(uploads.map((step) => [step.with?.name, step.with?.path, step.if])).toEqual([
      ['page-report', 'page-report.md', '${{ !cancelled() }}'],
      ['page-screenshots', 'page-screenshots/', '${{ !cancelled() }}'],
    ])
  })

  it('comments after the report and the preview, also when they failed, but not on a cancelled run', () => {
    const review = jobs.review!
    expect(review.needs).toEqual(['report', 'preview'])
    expect(review.if).toMatch(/^\$\{\{ !cancelled\(\) && github\.event_name == 'pull_request'/)
    const download = review.steps.find((step) =>
      step.uses?.startsWith('actions/download-artifact@'),
    )
    expect(download?.with).toEqual({ name: 'page-report' })
    const command = review.steps.find((step) => /^npm run github -- review\b/.test(step.run ?? ''))
    expect(command?.run).toContain('--page-report page-report.md')
    expect(command?.env).toMatchObject({
      GITHUB_TOKEN: '${{ github.token }}',
      REPORT_RESULT: '${{ needs.report.result }}',
      PREVIEW: '${{ needs.preview.outputs.preview }}',
    })
  })

  it('publishes the preview while the pull request is open and removes it when it closes', () => {
    expect(workflow.on.pull_request.types).toContain('closed')
    expect(runs(jobs.preview!)).toContain('npm run github -- preview')
    expect(runs(jobs['preview-remove']!)).toContain('npm run github -- preview-remove')
    expect(jobs['preview-remove']!.if).toContain("github.event.action == 'closed'")
    for (const [id, job] of Object.entries(jobs))
      if (id !== 'preview-remove') expect(job.if, id).toContain("github.event.action != 'closed'")
  })
})
