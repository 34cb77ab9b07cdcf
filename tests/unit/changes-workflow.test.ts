// The GitHub workflow shows reviewers the page-change report: on pull requests, after the
// tests, with the history the base needs, and the screenshots kept as an artifact.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

interface Step {
  name?: string
  uses?: string
  run?: string
  if?: string
  with?: Record<string, unknown>
}
const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as {
  jobs: Record<string, { steps: Step[] }>
}
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
const indexOf = (test: (step: Step) => boolean) => steps.findIndex(test)

describe('the workflow runs npm run changes', () => {
  it('on pull requests, after npm test, from a checkout with the whole history', () => {
    const checkout = steps.find((step) => step.uses?.startsWith('actions/checkout@'))
    expect(checkout?.with?.['fetch-depth']).toBe(0)
    const tests = indexOf((step) => step.run === 'npm test')
    const changes = indexOf((step) => /^npm run changes\b/.test(step.run ?? ''))
    expect(tests).toBeGreaterThanOrEqual(0)
    expect(changes).toBeGreaterThan(tests)
    expect(steps[changes]!.if).toBe("github.event_name == 'pull_request'")
    expect(steps[changes]!.run).toContain('--screenshots page-screenshots')
  })

  it('uploads the screenshots as an artifact', () => {
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))
    expect(upload?.with).toMatchObject({ name: 'page-screenshots', path: 'page-screenshots/' })
    expect(steps.indexOf(upload!)).toBeGreaterThan(
      indexOf((step) => /^npm run changes\b/.test(step.run ?? '')),
    )
  })
})
