// The backend deploy's last step (./backend.ts, after the functions): the contact function's
// scheduled call made or updated on the linked project (tools/lib/contact-schedule.ts says what
// the SQL does). It reaches the hosted database through `supabase db query --linked --file` (the
// Management API's SQL endpoint, as the CLI's login): the secret is in a file readable by this
// user only, removed afterwards, never on a command line; what the query prints is the job.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  functionUrl,
  SCHEDULE,
  SCHEDULE_JOB_NAME,
  scheduleSql,
} from '../../tools/lib/contact-schedule.ts'
import { runCli, type Env } from './ci-settings.ts'

/** The backend deploy's step: runs scheduleSql on the linked project (after `supabase link`). */
export function scheduleMaintenance(env: Env): void {
  const folder = mkdtempSync(path.join(tmpdir(), 'schedule-'))
  const file = path.join(folder, 'schedule.sql')
  try {
    writeFileSync(
      file,
      scheduleSql(functionUrl(env.SUPABASE_PROJECT_REF!.trim()), env.RELEASE_HELD_TOKEN!.trim()),
      { mode: 0o600 },
    )
    runCli('supabase', ['db', 'query', '--linked', '--output', 'json', '--file', file], env)
    console.log(
      `Scheduled call: ${SCHEDULE_JOB_NAME} (${SCHEDULE}), its address and secret in Vault.`,
    )
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
