// The record that makes a sign-in single-use on the server: each state and each code is traded
// once, whatever GitHub answers (a GitHub that took a code twice, or a new code for a state
// already used). Rows hold SHA-256 digests, never a code or a state, and live as long as the
// state (supabase/migrations/20261201200000_github_sign_in_uses.sql, whose SQL function
// `claim_github_sign_in` decides). Hosted, the function calls it through Supabase's REST API with
// the service role key, by fetch, so the function still deploys alone with no dependency; the
// local server calls the same SQL function on its embedded database (server/functions.ts).
import { toBase64Url } from '../_shared/github-sign-in.ts'

/** One trade about to be made: what it spends, and until when the record must keep it. */
export interface SignInUse {
  stateDigest: string
  codeDigest: string
  /** The state's own expiry: after it the state is refused anyway, and the row is purged. */
  expiresAt: Date
  now: Date
}

export interface SignInUses {
  /** True when neither the state nor the code was traded before (both now recorded). */
  claim(use: SignInUse): Promise<boolean>
}

/** The SQL function the migration adds. */
export const CLAIM_SIGN_IN_FUNCTION = 'claim_github_sign_in'

/** Its arguments, by name (PostgREST) and in order (SQL). */
export function claimArguments(use: SignInUse) {
  return {
    p_state_digest: use.stateDigest,
    p_code_digest: use.codeDigest,
    p_expires_at: use.expiresAt.toISOString(),
    p_now: use.now.toISOString(),
  }
}

/** What the record keeps of a state or a code: its SHA-256, so the table holds nothing usable. */
export async function digestOfUse(text: string): Promise<string> {
  return toBase64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))),
  )
}

/** How long the database may take before the trade is refused as unavailable. */
export const CLAIM_TIMEOUT_MS = 5_000

/** The hosted record: `POST <SUPABASE_URL>/rest/v1/rpc/claim_github_sign_in` as the service role. */
export function restSignInUses(options: {
  supabaseUrl: string
  serviceRoleKey: string
  fetch?: typeof fetch
}): SignInUses {
  const call = options.fetch ?? fetch
  const address = `${options.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${CLAIM_SIGN_IN_FUNCTION}`
  return {
    async claim(use) {
      const answer = await call(address, {
        method: 'POST',
        // As supabase-js sends them: the key as the API key and as the bearer of the call.
        headers: {
          apikey: options.serviceRoleKey,
          Authorization: `Bearer ${options.serviceRoleKey}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
        },
        body: JSON.stringify(claimArguments(use)),
        signal: AbortSignal.timeout(CLAIM_TIMEOUT_MS),
      })
      const claimed: unknown = await answer.json().catch(() => undefined)
      if (!answer.ok || typeof claimed !== 'boolean')
        throw new Error(`${CLAIM_SIGN_IN_FUNCTION} answered ${answer.status}`)
      return claimed
    },
  }
}
