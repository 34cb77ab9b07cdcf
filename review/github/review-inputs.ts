// What the review job is handed by the jobs before it, checked: the page report's file and its
// job's result, the preview job's answer and result; and the content check, run here again
// (it takes seconds) so that its problems can be shown when they kept the page report away.
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import type { ContentError } from '../../builder/content/load.ts'
import type { PullRequestEvent } from './pull-request-event.ts'
import type { Outcome, PreviewState } from './review-comment.ts'

const OUTCOMES = ['success', 'failure', 'cancelled', 'skipped'] as const

export function parseOutcome(value: string | undefined, what: string): Outcome {
  const outcome = OUTCOMES.find((known) => known === value)
  if (!outcome)
    throw new Error(`${what} must be one of ${OUTCOMES.join(', ')}; got "${value ?? ''}"`)
  return outcome
}

const previewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('published'), url: z.string().url() }),
  z.object({ kind: z.literal('unavailable'), reason: z.string() }),
  z.object({ kind: z.literal('removed') }),
])

/** The preview job's answer (its `preview` output, JSON), or what its result says instead. */
export function previewFrom(
  json: string | undefined,
  jobOutcome: Outcome,
  event: PullRequestEvent,
): PreviewState {
  if (json?.trim()) {
    let value: unknown
    try {
      value = JSON.parse(json)
    } catch {
      throw new Error(`the preview job's output is not JSON: ${json}`)
    }
    const parsed = previewSchema.safeParse(value)
    if (!parsed.success) throw new Error(`the preview job's output is not a preview: ${json}`)
    return parsed.data
  }
  if (event.fromFork)
    return {
      kind: 'unavailable',
      reason: 'A fork’s pull request gets no preview (read-only token).',
    }
  return {
    kind: 'unavailable',
    reason:
      jobOutcome === 'failure'
        ? 'The “Preview” job failed; its log says why.'
        : `The “Preview” job ended with “${jobOutcome}”.`,
  }
}

/** `npm run changes`' Markdown, or '' when its job wrote none (it failed, or was skipped). */
export async function readPageReport(file: string): Promise<string> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return ''
    throw error
  })
}

/**
 * The problems `npm run check:content` reports for the checkout at `root`. The loader and the
 * schemas are loaded only when asked: the review needs them only when the page report failed.
 */
export async function contentProblems(root: string): Promise<readonly ContentError[]> {
  const [{ loadContent }, { collections }] = await Promise.all([
    import('../../builder/content/load.ts'),
    import('../../content/schema/collections.ts'),
  ])
  const result = await loadContent(root, collections, { cache: true })
  return result.errors
}
