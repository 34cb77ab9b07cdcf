// `npm run smoke -- <url> [--function <url>] [--wait <seconds>] [--dist <folder>]`: checks a
// served site (live, or
// a build served on this machine) the way operations/smoke-check.ts says, prints each failure
// with its address, and exits 1 on any. --dist names the build the site serves: its headers are
// then required exactly, its Content-Security-Policy included; without it, the check says what it
// could not make. --wait first waits up to that long for the site to
// answer at all (a new custom domain's certificate is issued minutes after the first deploy). The deploy workflow runs it before a deploy (the build served locally,
// the function answered by this repository's own handler) and after it (the live site).
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { escapeData } from '../builder/content/report.ts'
import { smokeCheck, smokeOptionsFor } from '../operations/smoke-check.ts'

const USAGE =
  'usage: npm run smoke -- <site url> [--function <function url>] [--wait <seconds>] [--dist <build folder>]  e.g. npm run smoke -- https://panelwise.dev'

function fail(sentence: string): never {
  console.error(sentence)
  process.exit(2)
}

let url: URL
let functionUrl: string | undefined
let waitSeconds = 0
let distDir: string | undefined
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { function: { type: 'string' }, wait: { type: 'string' }, dist: { type: 'string' } },
  })
  distDir = values.dist
  if (positionals.length !== 1) fail(USAGE)
  url = new URL(positionals[0]!)
  if (values.function !== undefined) functionUrl = new URL(values.function).href
  if (values.wait !== undefined) {
    waitSeconds = Number(values.wait)
    if (!Number.isInteger(waitSeconds) || waitSeconds < 0)
      fail(`--wait takes a whole number of seconds, not "${values.wait}"\n${USAGE}`)
  }
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`)
}
if (url.protocol !== 'https:' && url.protocol !== 'http:') fail(`not a web address: ${url.href}`)

/**
 * Waits until the site answers anything but a 5xx (a TLS handshake that fails for want of a
 * certificate, or a host not reached yet, is no answer), or `seconds` have passed.
 */
async function waitForAnswer(site: URL, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000
  for (let tries = 1; ; tries++) {
    const answer = await fetch(site, { redirect: 'manual', signal: AbortSignal.timeout(15_000) })
      .then((response) => response.status)
      .catch((error: unknown) => (error instanceof Error ? (error.cause ?? error) : error))
    if (typeof answer === 'number' && answer < 500) return
    if (Date.now() >= until) return
    if (tries === 1) console.log(`Waiting up to ${seconds} s for ${site.href} to answer…`)
    console.log(`  ${typeof answer === 'number' ? `answered ${answer}` : String(answer)}`)
    await sleep(Math.min(15_000, Math.max(0, until - Date.now())))
  }
}

if (waitSeconds) await waitForAnswer(url, waitSeconds)

const started = performance.now()
const options = await smokeOptionsFor(url.href, process.env, functionUrl, distDir)
console.log(
  `Smoke check of ${url.href}: ${options.routes.length} routes, the not-found page, crawler files, assets, the function at ${options.functionUrl}`,
)
const { requests, failures, notChecked } = await smokeCheck(options)
for (const sentence of notChecked) console.log(`Not checked: ${sentence}`)
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
