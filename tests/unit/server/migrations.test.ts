// Supabase records each applied migration by the timestamp its file name starts with (its
// version, the key of supabase_migrations.schema_migrations): two files with one version would
// make `supabase db push` refuse, or skip one, on the hosted project, while PGlite and the
// migration check, which go by the whole name, apply both. Helpers adding migrations at the same
// time pick their timestamps apart; this says so before a deploy does.
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR } from '../../../server/migrations.ts'

const files = readdirSync(MIGRATIONS_DIR).filter((file) => file.endsWith('.sql'))

describe('the migrations’ versions', () => {
  it('are a 14-digit timestamp and a name, as the Supabase CLI expects', () => {
    for (const file of files) expect(file).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/)
  })

  it('are each used once', () => {
    const shared = files.filter((file) =>
      files.some((other) => other !== file && other.slice(0, 14) === file.slice(0, 14)),
    )
    expect(shared).toEqual([])
  })
})
