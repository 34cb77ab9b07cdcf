// `npm run smoke -- <url> [--function <url>]`: checks a served site (live, or a build served on
// this machine) the way tools/lib/smoke-check.ts says, prints each failure with its address,
// and exits 1 on any. The deploy workflow runs it before a deploy (the build served locally,
// the function answered by this repository's own handler) and after it (the live site).
import { parseArgs } from 'node:util'
import { escapeData } from '../build/content/report.ts'
import { smokeCheck, smokeOptionsFor } from '../tools/lib/smoke-check.ts'

const USAGE =
  'usage: npm run smoke -- <site url> [--function <function url>]  e.g. npm run smoke -- https://panelwise.dev'

function fail(sentence: string): never {
  console.error(sentence)
  process.exit(2)
}

let url: URL
let functionUrl: string | undefined
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { function: { type: 'string' } },
  })
  if (positionals.length !== 1) fail(USAGE)
  url = new URL(positionals[0]!)
  if (values.function !== undefined) functionUrl = new URL(values.function).href
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
}
if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(`not a web address: ${url.href}`)

const started = performance.now()
const options = await smokeOptionsFor(url.href, process.env, functionUrl)
console.log(
  `Smoke check of ${url.href}: ${options.routes.length} routes, the not-found page, crawler files, assets, the function at ${options.functionUrl}`,
)
const { requests, failures } = await smokeCheck(options)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
if (!failures.length) {
  console.log(`Smoke check passed: ${requests} requests in ${seconds} s.`)
} else {
  for (const failure of failures) console.error(`  ✗ ${failure}`)
  console.error(
    `Smoke check failed: ${failures.length} problem${failures.length === 1 ? '' : 's'} in ${requests} requests (${seconds} s).`,
  )
  // On GitHub, each problem is also an annotation on the run.
  if (process.env.GITHUB_ACTIONS === 'true')
    for (const failure of failures) console.log(`::error title=Smoke check::${escapeData(failure)}`)
  process.exit(1)
}
