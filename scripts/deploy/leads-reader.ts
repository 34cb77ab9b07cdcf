// The leads_reader role's login, set by the backend deploy (./backend.ts) on every deploy, so that
// no password is ever typed into Supabase's SQL editor. The migrations make the role (read-only,
// unable to log in: supabase/migrations/*_contact_requests_leads_reader.sql); this step gives it
// the LEADS_READER_PASSWORD secret and the right to log in, or, without that secret, takes both
// away. The owner then reads production with `npm run leads -- --remote` (docs/deploy.md,
// "Reading leads in production").
//
// It goes the way of the schedule (./schedule.ts): one SQL file, readable by this user only and
// removed afterwards, run by `supabase db query --linked --file`. The file never holds the
// password itself, only its SCRAM-SHA-256 verifier, what PostgreSQL stores
// (tools/lib/leads-reader.ts): the password never reaches the database server, its logs or the
// Management API.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { LEADS_READER_ROLE } from '../../server/leads-remote.ts'
import { LEADS_READER_PASSWORD_SETTING, leadsReaderSql } from '../../tools/lib/leads-reader.ts'
import { runCli, type Env } from './ci-settings.ts'

/** The backend deploy's step: runs leadsReaderSql on the linked project (after `db push`). */
export function setLeadsReaderLogin(env: Env): void {
  const password = env[LEADS_READER_PASSWORD_SETTING]?.trim() || undefined
  const sql = leadsReaderSql(password)
  const folder = mkdtempSync(path.join(tmpdir(), 'leads-reader-'))
  const file = path.join(folder, 'leads-reader.sql')
  try {
    writeFileSync(file, sql, { mode: 0o600 })
    runCli('supabase', ['db', 'query', '--linked', '--output', 'json', '--file', file], env)
    console.log(
      password
        ? `${LEADS_READER_ROLE} may log in with ${LEADS_READER_PASSWORD_SETTING} (read-only: docs/deploy.md, "Reading leads in production").`
        : `${LEADS_READER_ROLE} may not log in: set the ${LEADS_READER_PASSWORD_SETTING} secret to read production leads with npm run leads -- --remote.`,
    )
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
