// The deploy workflow's backend job (.github/workflows/ci.yml), before the site's, so a new page
// never calls an old function:
//   tsx scripts/deploy/backend.ts gate     ready=true|false (skipped without SUPABASE_ACCESS_TOKEN);
//                                          the settings' values read as the functions read them
//   tsx scripts/deploy/backend.ts deploy   link, db push, secrets set, functions deploy, schedule,
//                                          leads_reader's login
//   tsx scripts/deploy/backend.ts probe [--url <functions origin>]
//                                          asks each deployed function what the site relies on
// The editor's GitHub sign-in (github-oauth) is deployed with its three settings, all or none.
// What deploy runs, and how, is operations/backend-deploy.ts's.
import { parseArgs } from 'node:util'
import { CONTACT_FUNCTION_NAME } from '../../supabase/functions/_shared/function-name.ts'
import { GITHUB_OAUTH_FUNCTION_NAME } from '../../supabase/functions/_shared/github-sign-in.ts'
import { OAUTH_SECRET_NAMES } from '../../supabase/functions/github-oauth/config.ts'
import {
  BACKEND_GATE_SETTINGS,
  BACKEND_SETTINGS,
  backendProblems,
  missing,
  signInSetup,
  type Env,
} from '../../operations/deploy-settings.ts'
import { deployBackend } from '../../operations/backend-deploy.ts'
import { probeBackend, projectUrl } from '../../operations/function-probes.ts'
import { gate, reportFailures, runAsCommand } from '../../operations/ci-settings.ts'

async function main(command: string | undefined, args: string[], env: Env) {
  if (command === 'gate') {
    const ready = gate(
      env,
      'Backend deploy',
      'SUPABASE_ACCESS_TOKEN',
      BACKEND_SETTINGS,
      'repository secrets and variables',
      { problems: backendProblems, settings: BACKEND_GATE_SETTINGS },
    )
    if (!ready) return
    const signIn = signInSetup(env)
    if (signIn === 'partial') {
      console.log(
        `::error title=Backend deploy cannot deploy::missing ${missing(env, OAUTH_SECRET_NAMES).join(', ')}; the editor's sign-in needs ${OAUTH_SECRET_NAMES.join(', ')} together. See docs/editing-ui.md.`,
      )
      process.exitCode = 1
    } else if (signIn === 'none')
      console.log(
        `::notice title=Editor sign-in not deployed::${GITHUB_OAUTH_FUNCTION_NAME} is left out: set ${OAUTH_SECRET_NAMES.join(', ')} (docs/editing-ui.md) to deploy it.`,
      )
    return
  }
  if (command === 'deploy') {
    deployBackend(env)
    return
  }
  if (command === 'probe') {
    const { values } = parseArgs({ args, options: { url: { type: 'string' } } })
    const functionsOrigin = values.url ?? projectUrl(env.SUPABASE_PROJECT_REF!)
    const signIn = signInSetup(env) === 'all'
    const failures = await probeBackend({
      functionsOrigin,
      siteOrigin: new URL(env.SITE_URL!).origin,
      signIn,
    })
    if (reportFailures('Backend probe', failures)) return
    const probed = [CONTACT_FUNCTION_NAME, ...(signIn ? [GITHUB_OAUTH_FUNCTION_NAME] : [])]
    console.log(`Backend answers as the site expects: ${probed.join(', ')} at ${functionsOrigin}.`)
    return
  }
  console.error('usage: tsx scripts/deploy/backend.ts gate|deploy|probe [--url <functions origin>]')
  process.exitCode = 2
}

// Run as a command; imported (the workflow's test reads the names above), it does nothing.
await runAsCommand(import.meta.url, 'Backend deploy', main)
