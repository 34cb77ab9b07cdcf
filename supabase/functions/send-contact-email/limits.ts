// The two abuse limits a stored request meets before it is mailed (supabase/README.md, "Abuse
// limits"): its client's rate limit, and the site-wide mail budget of the hour.
import type { Answer } from './answer.ts'
import type { HandlerContext } from './handler-context.ts'
import type { NewContactRequest } from './lead-store.ts'

/** Counts the request against its client's limit: the 429 to answer when over it, else null. */
export async function overRateLimit(
  context: HandlerContext,
  lead: NewContactRequest,
  requestId: string,
): Promise<Answer | null> {
  const { config } = context
  // A request without the anti-bot fields counts on the same counter, with a lower ceiling.
  const rateLimit = lead.antiBotFields
    ? config.rateLimit
    : { ...config.rateLimit, max: Math.min(config.unverifiedRateLimitMax, config.rateLimit.max) }
  const retryAfter = await context.database(
    () => context.store.hitRateLimit(lead.clientHash, rateLimit),
    'rate limit',
  )
  if (retryAfter <= 0) return null
  context.logger.info('rate_limited', { requestId, retryAfter })
  return {
    status: 429,
    body: { error: 'Too many requests, please try again later' },
    headers: { 'Retry-After': String(retryAfter) },
  }
}

/** Past the hour's mail budget a request is still stored and answered; its mail is held. */
export async function withinMailBudget(
  context: HandlerContext,
  lead: NewContactRequest,
): Promise<NewContactRequest> {
  if (lead.status !== 'received') return lead
  const budget = context.mailBudget()
  const max = lead.antiBotFields ? budget.max : budget.unverifiedMax
  const granted = await context.database(
    () => context.store.takeMailBudget(budget.hour, max),
    'mail budget',
  )
  return granted ? lead : { ...lead, status: 'held' }
}
