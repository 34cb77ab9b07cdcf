// The Supabase CLI as the backend deploy runs it (./backend-deploy.ts): the binary hosts/package.json
// pins (./hosts.ts), unattended. Supabase CLI v3 asks before every change to a hosted project,
// and refuses without a terminal: each call that changes the project confirms it (`--yes`), and
// names its target (`--remote`), since v3 targets the local stack unless told otherwise.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runCli, type Env } from './ci-settings.ts'
import { HOSTS_SUPABASE } from './hosts.ts'

const root = path.resolve(import.meta.dirname, '..')

/** Runs `supabase <args>`; no telemetry (it would look up its analytics host on every call). */
export function supabase(args: readonly string[], env: Env): void {
  runCli(path.join(root, HOSTS_SUPABASE), args, { ...env, SUPABASE_TELEMETRY_DISABLED: '1' })
}

/**
 * Runs `sql` on the linked project (after `supabase link`), through the Management API, from a
 * file readable by this user only and removed afterwards: what it holds never reaches a
 * command line or the log. What the CLI prints is the last statement's rows.
 */
export function linkedQuery(env: Env, name: string, sql: string): void {
  const folder = mkdtempSync(path.join(tmpdir(), `${name}-`))
  const file = path.join(folder, `${name}.sql`)
  try {
    writeFileSync(file, sql, { mode: 0o600 })
    supabase(['db', 'query', '--remote', '--yes', '--output', 'json', '--file', file], env)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
