// `npm run bench`: how far the built site is from a bare page, measured in the same run. The
// site is served on 127.0.0.1 exactly as `npm start` serves it, and beside it, from the same
// origin, the bare reference page (measure/lib/reference-page.ts): one button that opens a native
// <dialog> from an inline handler. Every figure is reported in ms and as a ratio to the
// reference's, measured between the site's pages under the same throttling, so that a busy or
// slow machine moves both: the targets (measure/lib/budgets.ts) are on the ratios.
//
// Load: Lighthouse with the mobile and desktop presets, several runs per route, each run going
// once through the reference, the home page's zero-JavaScript floor (every script removed: what
// our islands cost at LCP) and every route; medians and spread of total blocking time and of the
// main thread's work (mainthread-work-breakdown, by kind).
//
// Taps: each control that opens a dialog or a menu, and the reference's button, at first paint,
// 1.5 s later and once every island has started (measure/lib/tap-latency.ts).
//
//   npm run bench                      every built route, 5 runs each, then the taps
//   npm run bench -- / /services       only these routes
//   BENCH_RUNS=3 npm run bench         Lighthouse runs (BENCH_TAP_RUNS: taps, default 5)
//   npm run bench -- --taps-only       only the taps; --no-taps: only Lighthouse
//   npm run bench -- --schemes=dark    only the dark scheme (default light,dark: the site
//                                      follows the system's scheme, so both are measured)
//   npm run bench -- --presets=mobile  only the mobile preset (default mobile,desktop)
//   npm run bench -- --tap-profiles=mobile  taps only under the mobile profile (default both)
//   npm run bench -- --dist <folder>   measure another build (default dist/), e.g. a copy kept
//                                      from before a change, to compare like with like
//   npm run bench -- --reports <dir>   where the reports go (default reports/)
//   npm run bench -- --compare <ref>   before and after: also measures another commit (built once
//                                      in a temporary worktree and kept, as `npm run changes`
//                                      does) or a build folder, interleaved with this build in
//                                      the same runs, and adds tables of the change
//
// Run it at normal priority: the ratios absorb the machine's load, and the report says what the
// load was. Exits 1 when a route misses a target (BENCH_TARGETS, TAP_TARGETS).
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { serveBuild } from '../server/serve-build.ts'
import { BENCH_TARGETS } from './lib/budgets.ts'
import { chromiumPath, CHROMIUM_FLAGS } from '../tests/harness/chromium.ts'
import {
  loadReport,
  loadSample,
  summarize,
  type LoadSample,
  type LoadSummary,
  type RouteLoad,
} from './lib/load-report.ts'
import { describeMachine, loadLine, machineLine } from './lib/machine.ts'
import { REFERENCE_NAME, REFERENCE_ROUTE, referencePages } from './lib/reference-page.ts'
import { measureTaps, type TapBuild, type TapProfile, type TapSample } from './lib/tap-latency.ts'
import { tapReport } from './lib/tap-report.ts'
import { loadComparison, tapComparison, type CompareLabels } from './lib/compare-report.ts'
import { cachedBaseBuild, resolveBase } from '../builder/worktree-build.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const TAP_RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5)
const tapsOnly = process.argv.includes('--taps-only')
const withTaps = !process.argv.includes('--no-taps')
const PRESETS = { mobile: undefined, desktop: desktopConfig } as const
type Preset = keyof typeof PRESETS
// The page's scheme follows the system's; Chromium reports dark to pages with this flag.
const SCHEME_FLAGS = { light: [], dark: ['--force-dark-mode'] } as const
type Scheme = keyof typeof SCHEME_FLAGS
const TAP_PROFILE_OPTIONS = { mobile: 'mobile profile', unthrottled: 'unthrottled' } as const

/** The values of `--name=a,b` among the arguments, checked against the allowed ones. */
function listOption<T extends string>(name: string, allowed: readonly T[]): T[] {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`))
  if (!given) return [...allowed]
  const values = given.slice(name.length + 3).split(',')
  const unknown = values.filter((value) => !allowed.includes(value as T))
  if (unknown.length) {
    console.error(`--${name}: unknown ${unknown.join(', ')}; use ${allowed.join(', ')}`)
    process.exit(2)
  }
  return values as T[]
}
const presets = listOption('presets', Object.keys(PRESETS) as Preset[])
const schemes = listOption('schemes', Object.keys(SCHEME_FLAGS) as Scheme[])
const tapProfiles: TapProfile[] = listOption(
  'tap-profiles',
  Object.keys(TAP_PROFILE_OPTIONS) as (keyof typeof TAP_PROFILE_OPTIONS)[],
).map((name) => TAP_PROFILE_OPTIONS[name])

/** The value after `--name`, if given. */
function valueOption(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  if (at < 0) return undefined
  const value = process.argv[at + 1]
  if (!value) {
    console.error(`--${name} needs a value`)
    process.exit(2)
  }
  return value
}
const distDir = path.resolve(valueOption('dist') ?? 'dist')
const reportsDir = path.resolve(valueOption('reports') ?? 'reports')
const clientDir = path.join(distDir, 'client')

// Lighthouse occasionally fails to record a trace (NO_NAVSTART) on a busy machine: such a run
// is repeated, up to twice, rather than ending the whole benchmark.
async function runOnce(url: string, flags: Flags, preset: Preset, attempt = 1): Promise<Result> {
  const result = await lighthouse(url, flags, PRESETS[preset])
  const problem = !result ? 'no result' : result.lhr.runtimeError?.message
  if (!problem) return result!.lhr
  if (attempt >= 3) throw new Error(`${url}: ${problem}`)
  console.error(`${preset} ${url}: ${problem}; running again`)
  return runOnce(url, flags, preset, attempt + 1)
}

const measureOnce = async (port: number, url: string, preset: Preset) =>
  loadSample(await runOnce(url, { port, output: 'json', logLevel: 'error' }, preset))

const compareWith = valueOption('compare')
const optionValues = new Set([valueOption('dist'), valueOption('reports'), compareWith])
const routeArgs = process.argv
  .slice(2)
  .filter((arg) => arg.startsWith('/') && !optionValues.has(arg))
const routes =
  routeArgs.length > 0
    ? routeArgs
    : (await readdir(clientDir, { recursive: true }))
        .filter((file) => file.endsWith('index.html'))
        .map((file) => '/' + file.replace(/\/?index\.html$/, ''))
        .sort()

// The zero-JavaScript floor: the same pages with every script and modulepreload removed. The
// home page's is measured always; a route whose LCP is over the target against it (its largest
// element is another: an article's cover, a longer first paragraph) is measured against its own.
const floorDir = await mkdtemp(path.join(tmpdir(), 'bench-nojs-'))
await cp(clientDir, floorDir, { recursive: true })
for (const file of (await readdir(floorDir, { recursive: true })).filter((name) =>
  name.endsWith('.html'),
)) {
  const html = await readFile(path.join(floorDir, file), 'utf8')
  await writeFile(
    path.join(floorDir, file),
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, ''),
  )
}

/** The build to compare with: a folder holding a build (client/), or a commit built once. */
async function beforeBuild(given: string): Promise<{ distDir: string; label: string }> {
  if (existsSync(path.join(given, 'client')))
    return { distDir: path.resolve(given), label: `the build in ${given}` }
  const base = await resolveBase(process.cwd(), given).catch((error: Error) => {
    console.error(`--compare: ${error.message} Name a commit or a folder holding a build.`)
    process.exit(2)
  })
  const build = await cachedBaseBuild(process.cwd(), base, (line) => console.error(line))
  return { distDir: build.distDir, label: base.label }
}
const before = compareWith ? await beforeBuild(compareWith) : undefined
const labels: CompareLabels | undefined = before && {
  before: before.label,
  after: `${path.relative('.', distDir) || '.'}/ (this working tree's build)`,
}

const machine = describeMachine()
console.error(`${machineLine(machine)}; load ${loadLine(machine.load)}`)
const site = await serveBuild(distDir, { extraPages: referencePages(distDir) })
const beforeSite = before ? await serveBuild(before.distDir, {}) : undefined
const floor = await serveBuild(distDir, { clientDir: floorDir })
const launchChrome = (scheme: Scheme) =>
  chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, ...SCHEME_FLAGS[scheme]],
  })

/** A preset in a scheme: "mobile", "mobile dark". */
const profileOf = (preset: Preset, scheme: Scheme) =>
  scheme === 'dark' ? `${preset} dark` : preset
const results: RouteLoad[] = []
const beforeResults: RouteLoad[] = []
const references: Record<string, LoadSummary> = {}
const floors: Record<string, LoadSummary> = {}
let taps: TapSample[] = []
let chrome: chromeLauncher.LaunchedChrome | undefined
const ms = (value: number) => `${Math.round(value)} ms`
try {
  for (const scheme of tapsOnly ? [] : schemes) {
    chrome = await launchChrome(scheme)
    for (const preset of presets) {
      const profile = profileOf(preset, scheme)
      const reference: LoadSample[] = []
      const homeFloor: LoadSample[] = []
      const byRoute = new Map<string, LoadSample[]>(routes.map((route) => [route, []]))
      const beforeByRoute = new Map<string, LoadSample[]>(routes.map((route) => [route, []]))
      // A browser's first page is slower than any after it: a run that is not counted.
      await measureOnce(chrome.port, site.origin + REFERENCE_ROUTE, preset)
      for (let run = 1; run <= RUNS; run++) {
        reference.push(await measureOnce(chrome.port, site.origin + REFERENCE_ROUTE, preset))
        homeFloor.push(await measureOnce(chrome.port, `${floor.origin}/`, preset))
        for (const route of routes) {
          // Compared builds take turns going first: neither always meets a warmer browser.
          const turns: [string, Map<string, LoadSample[]>][] = [[site.origin, byRoute]]
          if (beforeSite) turns[run % 2 ? 'push' : 'unshift']([beforeSite.origin, beforeByRoute])
          for (const [origin, samples] of turns)
            samples.get(route)!.push(await measureOnce(chrome.port, origin + route, preset))
        }
        const last = (samples: LoadSample[]) =>
          `TBT ${ms(samples.at(-1)!.tbt)}, main thread ${ms(samples.at(-1)!.mainThread)}`
        console.error(
          `${profile} run ${run}/${RUNS}: ${REFERENCE_NAME} ${last(reference)}; ${routes.map((route) => `${route} ${last(byRoute.get(route)!)}`).join('; ')}`,
        )
      }
      references[profile] = summarize(reference)
      floors[profile] = summarize(homeFloor)
      for (const route of routes) {
        const summary = summarize(byRoute.get(route)!)
        const homeLcp = floors[profile].median.lcp
        // Over the home page's floor: measured against its own.
        let floorLcp = homeLcp
        let ownFloor = false
        if (summary.median.lcp > homeLcp * BENCH_TARGETS.lcpToFloor && route !== '/') {
          const own: LoadSample[] = []
          for (let run = 0; run < RUNS; run++)
            own.push(await measureOnce(chrome.port, floor.origin + route, preset))
          floorLcp = summarize(own).median.lcp
          ownFloor = true
        }
        results.push({ profile, route, summary, floorLcp, ownFloor })
        if (beforeSite)
          beforeResults.push({ profile, route, summary: summarize(beforeByRoute.get(route)!) })
      }
    }
    await chrome.kill()
    chrome = undefined
  }
  const builds: TapBuild[] | undefined = beforeSite && [
    { build: 'after', origin: site.origin },
    { build: 'before', origin: beforeSite.origin },
  ]
  if (withTaps)
    taps = await measureTaps(site.origin, TAP_RUNS, { profiles: tapProfiles, builds }, (tap) =>
      console.error(
        `tap ${tap.profile} ${tap.control}${tap.build ? ` (${tap.build})` : ''} at ${tap.moment}: ${tap.ms === null ? tap.outcome : ms(tap.ms)}`,
      ),
    )
} finally {
  await chrome?.kill()
  await site.close()
  await beforeSite?.close()
  await floor.close()
  await rm(floorDir, { recursive: true, force: true })
}

const loadAfter = describeMachine().load
const load = tapsOnly ? undefined : loadReport(results, references)
const floorLines = Object.entries(floors).map(
  ([profile, s]) => `- ${profile}: home page with no JavaScript: LCP ${ms(s.median.lcp)}`,
)
// The targets are this build's: the one compared with is only there to show the change.
const interaction = withTaps
  ? tapReport(
      taps.filter((tap) => tap.build !== 'before'),
      TAP_RUNS,
    )
  : undefined
const misses = [...(load?.misses ?? []), ...(interaction?.misses ?? [])]
const machineSection = `Machine: ${machineLine(machine)}. Load average (1 / 5 / 15 min): ${loadLine(machine.load)} at the start, ${loadLine(loadAfter)} at the end.`
const loadSection = load
  ? `## Load\n\nLighthouse 12, ${RUNS} runs per route, each run going once through the ${REFERENCE_NAME}, the home page's no-JS floor and every route; medians, range in brackets, times in ms.\n\n${load.markdown}\n\n${floorLines.join('\n')}\n`
  : ''
const comparison = labels
  ? [
      '## Before and after',
      '',
      ...(load
        ? ['### Load', '', loadComparison(beforeResults, results, references, labels), '']
        : []),
      ...(withTaps ? ['### Taps', '', tapComparison(taps, labels), ''] : []),
    ].join('\n')
  : ''
const report = `# Benchmark\n\n${machineSection}\n\n${loadSection}\n${interaction?.markdown ?? ''}\n${comparison ? `\n${comparison}` : ''}`
await mkdir(reportsDir, { recursive: true })
await writeFile(path.join(reportsDir, 'lighthouse.md'), report)
await writeFile(
  path.join(reportsDir, 'lighthouse.json'),
  JSON.stringify(
    {
      machine: { ...machine, loadAtEnd: loadAfter },
      runs: RUNS,
      references,
      results,
      ...(labels && { compared: labels, beforeResults }),
      floors,
      targets: BENCH_TARGETS,
      tapRuns: TAP_RUNS,
      taps,
      misses,
    },
    null,
    2,
  ),
)
console.log(report)
console.log(`Wrote lighthouse.md and lighthouse.json in ${path.relative('.', reportsDir) || '.'}`)
if (misses.length) process.exitCode = 1
