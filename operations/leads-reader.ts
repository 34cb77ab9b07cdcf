// The leads_reader role's login, set by the backend deploy (./backend-deploy.ts) on every
// deploy, so that no password is ever typed into Supabase's SQL editor. The migrations make the
// role (read-only, unable to log in: supabase/migrations/*_contact_requests_leads_reader.sql);
// this step gives it the LEADS_READER_PASSWORD secret and the right to log in, or, without that
// secret, takes both away. The owner then reads production with `npm run leads -- --remote`
// (docs/deploy.md, "Reading leads in production").
//
// It goes the way of the schedule (./contact-schedule.ts): one SQL file, readable by this user
// only and removed afterwards, run by `supabase db query`. The file never holds the password
// itself, only its SCRAM-SHA-256 verifier, what PostgreSQL stores: the password never reaches the
// database server, its logs or the Management API.
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto'
import { LEADS_READER_ROLE } from './leads/remote-store.ts'
import type { Env } from './ci-settings.ts'
import { linkedQuery } from './supabase-cli.ts'

/** The repository secret holding the role's password (optional: without it, no login). */
export const LEADS_READER_PASSWORD_SETTING = 'LEADS_READER_PASSWORD'
/** PostgreSQL's own iteration count for SCRAM-SHA-256 (scram_iterations' default). */
const SCRAM_ITERATIONS = 4096
// Printable ASCII only: SASLprep, which PostgreSQL applies to a password, leaves it unchanged.
const PASSWORD = /^[\x21-\x7e]{32,}$/

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for `password` (RFC 5802, RFC 7677; the format of
 * pg_authid.rolpassword). The salt is derived from the password, so that a deploy with the same
 * secret writes the very same verifier: re-running the deploy changes nothing.
 */
export function scramVerifier(password: string): string {
  if (!PASSWORD.test(password))
    throw new Error(
      `${LEADS_READER_PASSWORD_SETTING} must be at least 32 printable ASCII characters without spaces (openssl rand -hex 32).`,
    )
  const salt = createHmac('sha256', password)
    .update(`${LEADS_READER_ROLE} salt`)
    .digest()
    .subarray(0, 16)
  const salted = pbkdf2Sync(password, salt, SCRAM_ITERATIONS, 32, 'sha256')
  const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest()
  const storedKey = createHash('sha256').update(hmac(salted, 'Client Key')).digest()
  const serverKey = hmac(salted, 'Server Key')
  const base64 = (bytes: Buffer) => bytes.toString('base64')
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${base64(salt)}$${base64(storedKey)}:${base64(serverKey)}`
}

/** The step's SQL: login with the password's verifier, or no login and no password. */
export function leadsReaderSql(password: string | undefined): string {
  const login = password
    ? // A verifier is base64 and the format's $ and : only: nothing in it to quote.
      `alter role ${LEADS_READER_ROLE} with login password '${scramVerifier(password)}';`
    : `alter role ${LEADS_READER_ROLE} with nologin password null;`
  return `-- operations/leads-reader.ts: the owner's read-only role, on every deploy.
${login}
select rolname, rolcanlogin from pg_roles where rolname = '${LEADS_READER_ROLE}';
`
}

/** The backend deploy's step: runs leadsReaderSql on the linked project (after `db push`). */
export function setLeadsReaderLogin(env: Env): void {
  const password = env[LEADS_READER_PASSWORD_SETTING]?.trim() || undefined
  linkedQuery(env, 'leads-reader', leadsReaderSql(password))
  console.log(
    password
      ? `${LEADS_READER_ROLE} may log in with ${LEADS_READER_PASSWORD_SETTING} (read-only: docs/deploy.md, "Reading leads in production").`
      : `${LEADS_READER_ROLE} may not log in: set the ${LEADS_READER_PASSWORD_SETTING} secret to read production leads with npm run leads -- --remote.`,
  )
}
