// The sign-in's single-use record on the local server's embedded database: the same SQL function
// the hosted function calls through Supabase's REST API (supabase/functions/github-oauth/
// sign-in-uses.ts), from the same migration, so the local mount refuses a second trade as the
// hosted one does.
import {
  CLAIM_SIGN_IN_FUNCTION,
  claimArguments,
  type SignInUses,
} from '../supabase/functions/github-oauth/sign-in-uses.ts'

interface SqlQuery {
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

export function sqlSignInUses(db: SqlQuery | (() => Promise<SqlQuery>)): SignInUses {
  const database = typeof db === 'function' ? db : () => Promise.resolve(db)
  return {
    async claim(use) {
      const args = claimArguments(use)
      const { rows } = await (
        await database()
      ).query<{ claimed: boolean }>(
        `select public.${CLAIM_SIGN_IN_FUNCTION}($1, $2, $3, $4) as claimed`,
        [args.p_state_digest, args.p_code_digest, args.p_expires_at, args.p_now],
      )
      return rows[0]?.claimed === true
    },
  }
}
