// The sign-in's single-use record (supabase/migrations/20261201200000_github_sign_in_uses.sql)
// on the embedded database, through the local server's caller: a state or a code is claimed
// once, two claims at once let one through, and rows past their state's expiry are purged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openLocalDatabase, type LocalDatabase } from '../../../server/local-database.ts'
import { sqlSignInUses } from '../../../server/sign-in-uses.ts'
import type { SignInUse } from '../../../supabase/functions/github-oauth/sign-in-uses.ts'

let local: LocalDatabase
beforeAll(async () => {
  local = await openLocalDatabase('memory://')
})
afterAll(() => local.close())

const NOW = new Date('2026-12-01T10:00:00Z')
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000)
const use = (state: string, code: string, now = NOW): SignInUse => ({
  stateDigest: state,
  codeDigest: code,
  expiresAt: later(600),
  now,
})
const rows = async () =>
  (
    await local.db.query<{ state_digest: string }>(
      'select state_digest from public.github_sign_in_uses order by state_digest',
    )
  ).rows.map((row) => row.state_digest)

describe('claim_github_sign_in', () => {
  it('claims a state and a code once each', async () => {
    const uses = sqlSignInUses(local.db)
    expect(await uses.claim(use('state-a', 'code-a'))).toBe(true)
    expect(await uses.claim(use('state-a', 'code-a'))).toBe(false)
    expect(await uses.claim(use('state-a', 'code-b'))).toBe(false)
    expect(await uses.claim(use('state-b', 'code-a'))).toBe(false)
    expect(await rows()).toEqual(['state-a'])
  })

  it('lets one of two claims at once through', async () => {
    const uses = sqlSignInUses(() => Promise.resolve(local.db))
    const claims = await Promise.all([
      uses.claim(use('state-c', 'code-c')),
      uses.claim(use('state-c', 'code-c')),
    ])
    expect(claims.filter(Boolean)).toHaveLength(1)
  })

  it('purges the rows past their state’s expiry at the next claim, and no sooner', async () => {
    const uses = sqlSignInUses(local.db)
    expect(await uses.claim(use('state-d', 'code-d', later(599)))).toBe(true)
    expect(await rows()).toEqual(['state-a', 'state-c', 'state-d'])
    expect(await uses.claim(use('state-e', 'code-e', later(600)))).toBe(true)
    expect(await rows()).toEqual(['state-e'])
  })

  it('sets its search_path, as every SQL function here must', async () => {
    const { rows: settings } = await local.db.query<{ config: string[] | null }>(
      `select proconfig as config from pg_proc where proname = 'claim_github_sign_in'`,
    )
    expect(settings).toEqual([{ config: ['search_path=""'] }])
  })
})
