// LeadStore on the hosted database through supabase-js with the service role key: table writes
// through the REST API, and the rate limit and delivery bookkeeping as SQL functions (RPC).
import type { SupabaseClient } from '@supabase/supabase-js'
import { toStoredContactRequest, type ContactRequestRow } from './contact-request-row.ts'
import type { LeadStore } from './lead-store.ts'

function fail(action: string, error: { message: string; code?: string }): never {
  throw new Error(`${action} failed: ${error.code ?? ''} ${error.message}`.trim())
}

export function createSupabaseLeadStore(client: SupabaseClient): LeadStore {
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

    async insertContactRequest(request) {
      const { data, error } = await client
        .from('contact_requests')
        .insert({
          kind: request.kind,
          title: request.title,
          name: request.name,
          email: request.email,
          phone: request.phone,
          company: request.company,
          message: request.message,
          page: request.page,
          user_agent: request.userAgent,
          client_hash: request.clientHash,
        })
        .select()
        .single()
      if (error) fail('insert contact_requests', error)
      return toStoredContactRequest(data as ContactRequestRow)
    },

    async recordDelivery(id, outcome) {
      const { error } = await client.rpc('record_contact_delivery', {
        p_id: id,
        p_error: outcome.ok ? null : outcome.error,
      })
      if (error) fail('record_contact_delivery', error)
    },

    async listContactRequests(filter = {}) {
      let query = client
        .from('contact_requests')
        .select('*')
        .order('created_at', { ascending: false })
        .limit(filter.limit ?? 1000)
      if (filter.status) query = query.eq('status', filter.status)
      const { data, error } = await query
      if (error) fail('select contact_requests', error)
      return (data as ContactRequestRow[]).map(toStoredContactRequest)
    },
  }
}
