// The pull request's migration check (.github/workflows/ci.yml, job `migrations`; `npm run
// check:migrations`): the migrations applied to an empty PostgreSQL set up as Supabase sets up a
// project, and every grant of `public` read back (operations/migration-check.ts says how).
//   PGHOST=127.0.0.1 PGUSER=supabase_admin PGPASSWORD=... PGDATABASE=postgres \
//     tsx scripts/deploy/migration-check.ts
// (libpq's own variables, so no password is ever on a command line).
import { applyMigrations } from '../../operations/migration-check.ts'

try {
  applyMigrations(process.env)
} catch (error) {
  console.log(`::error title=Migrations::${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
