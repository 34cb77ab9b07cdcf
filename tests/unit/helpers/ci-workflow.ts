// .github/workflows/ci.yml as the workflow tests read it: parsed once, with the shapes of the
// parts they look at.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

export interface Step {
  id?: string
  name?: string
  uses?: string
  run?: string
  if?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}

export interface Job {
  name?: string
  if?: string
  needs?: string | string[]
  permissions?: Record<string, string>
  environment?: string | { name: string; url?: string }
  concurrency?: { group: string; 'cancel-in-progress': boolean | string }
  services?: Record<string, { image: string; env?: Record<string, string> }>
  outputs?: Record<string, string>
  env?: Record<string, string>
  steps: Step[]
}

export const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as {
  on: Record<string, unknown> & {
    pull_request: { types: string[] }
    workflow_dispatch: { inputs: Record<string, { type: string }> }
    schedule: { cron: string }[]
  }
  permissions: Record<string, string>
  concurrency: { group: string; 'cancel-in-progress': boolean | string }
  jobs: Record<string, Job>
}

/** The jobs a job waits for, whether written as one name or a list. */
export const needsOf = (job: Job): string[] => [job.needs ?? []].flat()
