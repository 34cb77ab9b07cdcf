// `node scripts/watch.ts` (the daily .github/workflows/watch.yml, on Node 24 with only the
// packages operations/job-dependencies.ts installs; `npm run watch` here): the live site's smoke
// check and the count of leads unsent for more than an hour (operations/watch.ts). Exits 1 with
// one sentence per thing wrong, each also an error annotation on the GitHub run, so that GitHub
// mails the failed run to the owner (docs/deploy.md, "The daily watch").
//   PRODUCTION_REPOSITORY    owner/name of the repository that deploys (repository variable)
//   SITE_URL                 the live address (repository variable)
//   VITE_SUPABASE_URL        the Supabase project, whose function is checked (variable)
//   VITE_SUPABASE_ANON_KEY   the public key the browser sends, if any (variable)
//   RELEASE_HELD_TOKEN       the function's secret, which its counts answer asks for (secret)
//   WATCH_LAST_HEALTHY_AT    when the watch last passed, if known (the workflow reads it)
import { escapeData } from '../builder/content/report.ts'
import { isProductionRepository } from '../operations/ci-settings.ts'
import { missing } from '../operations/deploy-settings.ts'
import { smokeOptionsFor } from '../operations/smoke-check.ts'
import { watch } from '../operations/watch.ts'

const annotation = (sentence: string) => `::error title=Watch::${escapeData(sentence)}`

function fail(sentence: string): never {
  console.error(sentence)
  if (process.env.GITHUB_ACTIONS === 'true') console.log(annotation(sentence))
  process.exit(1)
}

/** What the watch reads, at the repository level (it runs outside the production environment). */
const WATCH_SETTINGS = ['SITE_URL', 'VITE_SUPABASE_URL', 'RELEASE_HELD_TOKEN'] as const

const env = process.env
const absent = missing(env, WATCH_SETTINGS)
if (absent.length) {
  // A fork or a fresh copy that deploys nothing has nothing to watch; production must be watched.
  if (absent.includes('SITE_URL') && !isProductionRepository(env)) {
    console.log(
      `::notice title=Watch skipped::Nothing is deployed from this repository: set ${absent.join(', ')} (repository settings; docs/deploy.md, "The daily watch") to watch it.`,
    )
    process.exit(0)
  }
  const one = absent.length === 1
  fail(
    `Set ${absent.join(', ')} as ${one ? 'a repository setting' : 'repository settings'} (docs/deploy.md, "The daily watch"): the watch checks nothing without ${one ? 'it' : 'them'}.`,
  )
}
const siteUrl = env.SITE_URL!.trim()
const token = env.RELEASE_HELD_TOKEN!.trim()

const report = await watch({
  smoke: await smokeOptionsFor(siteUrl, env),
  token,
  lastHealthyAt: env.WATCH_LAST_HEALTHY_AT?.trim() || undefined,
})
if (report.problems.length === 0) {
  console.log(report.healthy)
} else {
  for (const failure of report.smokeFailures) console.error(`  ✗ ${failure}`)
  for (const problem of report.problems) console.error(problem)
  if (env.GITHUB_ACTIONS === 'true')
    for (const problem of report.problems) console.log(annotation(problem))
  process.exitCode = 1
}
