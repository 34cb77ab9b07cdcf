// The daily watch of production (.github/workflows/watch.yml, scripts/watch.ts): the smoke check
// of the live site and its function, then the function's counts of leads unsent for more than an
// hour. Each thing wrong is one sentence saying what and since when; counts and addresses only
// reach the log, never a name, an address or a message of a lead.
import { FunctionCallError, readLeadCounts } from './leads/live-function.ts'
import type { UnsentCounts } from '../supabase/functions/send-contact-email/lead-store.ts'
import { smokeCheck, type SmokeCheckOptions } from './smoke-check.ts'

export interface WatchOptions {
  smoke: SmokeCheckOptions
  /** The function's RELEASE_HELD_TOKEN, which its counts answer asks for. */
  token: string
  /** When this watch last passed (the previous green run), if known: "since when". */
  lastHealthyAt?: string
  now?: () => Date
}

export interface WatchReport {
  checkedAt: string
  /** One sentence per thing wrong; none when all is well. */
  problems: string[]
  /** The smoke check's own lines, for the log (addresses and statuses only). */
  smokeFailures: string[]
  /** The line a healthy run prints. */
  healthy: string
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`

/** Since when a problem found now may have been there: the last healthy watch, when known. */
function sinceWhen(checkedAt: string, lastHealthyAt: string | undefined): string {
  return lastHealthyAt
    ? `since some time between the last healthy watch at ${lastHealthyAt} and ${checkedAt}`
    : `at ${checkedAt} (no earlier healthy watch on record)`
}

/** The sentence for leads left unsent, or null when there is none. */
export function leadsProblem(counts: UnsentCounts): string | null {
  const { failed, held, received } = counts.unsentOverAnHour
  const unsent = failed + held + received
  if (unsent === 0 && counts.gaveUp === 0) return null
  const gaveUp = counts.gaveUp
    ? `; ${plural(counts.gaveUp, 'failed one has', 'failed ones have')} no retry left`
    : ''
  const oldest = counts.oldestUnsentAt ? `, the oldest waiting since ${counts.oldestUnsentAt}` : ''
  return `${plural(unsent, 'lead is', 'leads are')} unsent for more than an hour (${failed} failed, ${held} held, ${received} received${gaveUp})${oldest}: see npm run leads -- --remote, and npm run leads:retry -- --remote once the cause is fixed.`
}

export async function watch(options: WatchOptions): Promise<WatchReport> {
  const now = options.now ?? (() => new Date())
  const checkedAt = now().toISOString()
  const since = sinceWhen(checkedAt, options.lastHealthyAt)
  const problems: string[] = []

  const smoke = await smokeCheck(options.smoke)
  if (smoke.failures.length)
    problems.push(
      `The live site ${options.smoke.siteUrl} fails its smoke check ${since}: ${plural(smoke.failures.length, 'problem')}, the first: ${smoke.failures[0]}.`,
    )

  try {
    const counts = await readLeadCounts({ url: options.smoke.functionUrl, token: options.token })
    const problem = leadsProblem(counts)
    if (problem) problems.push(problem)
  } catch (error) {
    if (!(error instanceof FunctionCallError)) throw error
    problems.push(`${error.message.replace(/\.$/, '')}, ${since}.`)
  }

  return {
    checkedAt,
    problems,
    smokeFailures: smoke.failures,
    healthy: `Watch at ${checkedAt}: ${options.smoke.siteUrl} passed its smoke check (${smoke.requests} requests) and no lead is unsent for more than an hour.`,
  }
}
