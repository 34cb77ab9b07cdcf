// The pull-request event a workflow run was started by (the file at GITHUB_EVENT_PATH), reduced
// to what the review steps use. Checked, so a run started by another event, or a payload of
// another shape, stops with a sentence saying so instead of a TypeError deep inside.
import { readFile } from 'node:fs/promises'
import { z } from 'zod'

const repositorySchema = z.object({
  full_name: z.string(),
  name: z.string(),
  owner: z.object({ login: z.string() }),
})

const eventSchema = z.object({
  action: z.string(),
  number: z.number().int().positive(),
  pull_request: z.object({
    html_url: z.string(),
    head: z.object({
      sha: z.string(),
      // null when the fork the pull request came from has been deleted.
      repo: repositorySchema.nullable(),
    }),
    base: z.object({ ref: z.string() }),
  }),
  repository: repositorySchema,
})

export interface PullRequestEvent {
  action: string
  number: number
  owner: string
  repo: string
  headSha: string
  baseRef: string
  /**
   * From another repository (a fork): GitHub gives such a run a read-only token, so it can
   * neither comment nor publish a preview.
   */
  fromFork: boolean
}

export function parsePullRequestEvent(payload: unknown, source = 'the event'): PullRequestEvent {
  const parsed = eventSchema.safeParse(payload)
  if (!parsed.success)
    throw new Error(
      `${source} is not a pull_request event: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || '(top)'} ${issue.message}`)
        .join('; ')}`,
    )
  const event = parsed.data
  return {
    action: event.action,
    number: event.number,
    owner: event.repository.owner.login,
    repo: event.repository.name,
    headSha: event.pull_request.head.sha,
    baseRef: event.pull_request.base.ref,
    fromFork: event.pull_request.head.repo?.full_name !== event.repository.full_name,
  }
}

export async function readPullRequestEvent(file: string): Promise<PullRequestEvent> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the event file ${file}: ${error.message}`)
  })
  let payload: unknown
  try {
    payload = JSON.parse(text)
  } catch (error) {
    throw new Error(`the event file ${file} is not JSON: ${(error as Error).message}`)
  }
  return parsePullRequestEvent(payload, `the event file ${file}`)
}
