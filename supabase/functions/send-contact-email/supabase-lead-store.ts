// LeadStore on the hosted database through supabase-js with the service role key: table writes
// through the REST API, and the rate limit and delivery bookkeeping as SQL functions (RPC).
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  toInsertedRow,
  toStoredContactRequest,
  toUnsentCounts,
  type ContactRequestRow,
} from './contact-request-row.ts'
import type { LeadStore, UnsentCounts } from './lead-store.ts'
import { IN_FLIGHT_LIMIT_MS } from './retry-schedule.ts'

function fail(action: string, error: { message: string; code?: string }): never {
  throw new Error(`${action} failed: ${error.code ?? ''} ${error.message}`.trim())
}

export function createSupabaseLeadStore(client: SupabaseClient): LeadStore {
  const table = () => client.from('contact_requests')

  async function findByRequestId(requestId: string) {
    const { data, error } = await table().select('*').eq('request_id', requestId).limit(1)
    if (error) fail('select contact_requests by request_id', error)
    const [row] = data as ContactRequestRow[]
    return row ? toStoredContactRequest(row) : null
  }

  return {
    async hitRateLimit(clientHash, limit) {
      const { data, error } = await client.rpc('hit_contact_rate_limit', {
        p_client_hash: clientHash,
        p_max: limit.max,
        p_window_seconds: limit.windowSeconds,
      })
      if (error) fail('hit_contact_rate_limit', error)
      return Number(data)
    },

    async takeMailBudget(hour, max) {
      const { data, error } = await client.rpc('take_contact_mail_budget', {
        p_hour: hour,
        p_max: max,
      })
      if (error) fail('take_contact_mail_budget', error)
      return data === true
    },

    async releaseHeld(budget, now) {
      const { data, error } = await client.rpc('release_held_contact_request', {
        p_hour: budget.hour,
        p_max: budget.max,
        p_unverified_max: budget.unverifiedMax,
        p_now: now.toISOString(),
        p_in_flight_seconds: IN_FLIGHT_LIMIT_MS / 1000,
      })
      if (error) fail('release_held_contact_request', error)
      return data ? toStoredContactRequest(data as ContactRequestRow) : null
    },

    async claimRetry({ budget, now, everyWaiting, skip }) {
      const { data, error } = await client.rpc('claim_contact_retry', {
        p_hour: budget?.hour ?? null,
        p_max: budget?.max ?? null,
        p_unverified_max: budget?.unverifiedMax ?? null,
        p_now: now.toISOString(),
        p_in_flight_seconds: IN_FLIGHT_LIMIT_MS / 1000,
        p_every_waiting: everyWaiting,
        p_skip: skip,
      })
      if (error) fail('claim_contact_retry', error)
      return data ? toStoredContactRequest(data as ContactRequestRow) : null
    },

    async unsentCounts(now) {
      const { data, error } = await client.rpc('contact_unsent_counts', {
        p_now: now.toISOString(),
      })
      if (error) fail('contact_unsent_counts', error)
      return toUnsentCounts(data as Omit<UnsentCounts, 'checkedAt'>, now)
    },

    async purgeSentBefore(before) {
      const { data, error } = await client.rpc('purge_expired_contact_requests', {
        p_before: before.toISOString(),
      })
      if (error) fail('purge_expired_contact_requests', error)
      return (data as unknown[]).length
    },

    findByRequestId,

    async insertContactRequest(request) {
      // A repeated request_id inserts nothing (on_conflict, ignore duplicates): read the first.
      const { data, error } = await table()
        .upsert(toInsertedRow(request), { onConflict: 'request_id', ignoreDuplicates: true })
        .select()
      if (error) fail('insert contact_requests', error)
      const [row] = data as ContactRequestRow[]
      if (row) return { row: toStoredContactRequest(row), created: true }
      const first = request.requestId ? await findByRequestId(request.requestId) : null
      if (!first) throw new Error('insert contact_requests returned no row')
      return { row: first, created: false }
    },

    async recordDelivery(id, outcome) {
      const { error } = await client.rpc('record_contact_delivery', {
        p_id: id,
        p_status: outcome.status,
        p_transport: outcome.transport,
        p_error: outcome.status === 'failed' ? outcome.error : null,
        p_next_attempt_at: outcome.status === 'failed' ? outcome.nextAttemptAt : null,
      })
      if (error) fail('record_contact_delivery', error)
    },

    async listContactRequests(filter = {}) {
      let query = table()
        .select('*')
        .order('created_at', { ascending: false })
        .limit(filter.limit ?? 1000)
      if (filter.status) query = query.eq('status', filter.status)
      const { data, error } = await query
      if (error) fail('select contact_requests', error)
      return (data as ContactRequestRow[]).map(toStoredContactRequest)
    },

    async releaseSpam(id) {
      const { data, error } = await table()
        .update({ status: 'received' })
        .eq('id', id)
        .eq('status', 'spam')
        .select()
      if (error) fail('release contact_requests spam', error)
      const [row] = data as ContactRequestRow[]
      return row ? toStoredContactRequest(row) : null
    },

    async purgeSpam(olderThanDays) {
      const cutoff = new Date(Date.now() - olderThanDays * 86_400_000).toISOString()
      const { data, error } = await table()
        .delete()
        .eq('status', 'spam')
        .lt('created_at', cutoff)
        .select('id')
      if (error) fail('purge contact_requests spam', error)
      return (data as unknown[]).length
    },
  }
}
