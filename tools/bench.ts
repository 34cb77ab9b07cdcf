// `npm run bench`: Lighthouse on the built site, served on 127.0.0.1 exactly as `npm start` serves
// it, with the mobile and desktop presets, several runs per route, medians in a table, and JSON +
// Markdown reports in reports/. The home page is also measured with every script removed (the
// zero-JavaScript floor), to show what our islands cost.
//
// Then it taps: each control that opens a dialog or a menu, at first paint, 1.5 s later and once
// every island has started, under Lighthouse's mobile profile and unthrottled
// (tools/lib/tap-latency.ts), and adds the interaction table to the same reports.
//
//   npm run bench                      every built route, 3 runs each, then the taps
//   npm run bench -- / /services       only these routes
//   BENCH_RUNS=5 npm run bench         more Lighthouse runs (BENCH_TAP_RUNS: taps, default 5)
//   npm run bench -- --taps-only       only the taps; --no-taps: only Lighthouse
//   npm run bench -- --schemes=dark    only the dark scheme (default light,dark: the site
//                                      follows the system's scheme, so both are measured)
//   npm run bench -- --presets=mobile  only the mobile preset (default mobile,desktop)
//
// Exits 1 when a route misses a target in tools/lib/budgets.ts (BENCH_TARGETS, TAP_TARGETS).
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { serveBuild } from './lib/serve-build.ts'
import { BENCH_TARGETS } from './lib/budgets.ts'
import { chromiumPath, CHROMIUM_FLAGS } from './lib/chromium.ts'
import { measureTaps, type TapSample } from './lib/tap-latency.ts'
import { tapReport } from './lib/tap-report.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const TAP_RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5)
const tapsOnly = process.argv.includes('--taps-only')
const withTaps = !process.argv.includes('--no-taps')
const PRESETS = { mobile: undefined, desktop: desktopConfig } as const
type Preset = keyof typeof PRESETS
// The page's scheme follows the system's; Chromium reports dark to pages with this flag.
const SCHEME_FLAGS = { light: [], dark: ['--force-dark-mode'] } as const
type Scheme = keyof typeof SCHEME_FLAGS

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

interface Sample {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  speedIndex: number
  transferBytes: number
  scriptBytes: number
}

const clientDir = path.resolve('dist/client')

function sample(lhr: Result): Sample {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const resources =
    (
      lhr.audits['resource-summary']?.details as {
        items?: { resourceType: string; transferSize: number }[]
      }
    )?.items ?? []
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndex: audit('speed-index'),
    transferBytes: audit('total-byte-weight'),
    scriptBytes: resources.find((item) => item.resourceType === 'script')?.transferSize ?? 0,
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function medianSample(samples: Sample[]): Sample {
  const keys = Object.keys(samples[0]!) as (keyof Sample)[]
  return Object.fromEntries(
    keys.map((key) => [key, median(samples.map((one) => one[key]))]),
  ) as unknown as Sample
}

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

async function measure(port: number, url: string, preset: Preset): Promise<Sample> {
  const samples: Sample[] = []
  for (let run = 0; run < RUNS; run++) {
    const flags: Flags = { port, output: 'json', logLevel: 'error' }
    samples.push(sample(await runOnce(url, flags, preset)))
  }
  return medianSample(samples)
}

const routes =
  process.argv.slice(2).filter((arg) => arg.startsWith('/')).length > 0
    ? process.argv.slice(2).filter((arg) => arg.startsWith('/'))
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

const site = await serveBuild(path.resolve('dist'))
const floor = await serveBuild(path.resolve('dist'), { clientDir: floorDir })
const launchChrome = (scheme: Scheme) =>
  chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS, ...SCHEME_FLAGS[scheme]],
  })

/** A preset in a scheme: "mobile", "mobile dark". */
type Profile = `${Preset}` | `${Preset} dark`
const profileOf = (preset: Preset, scheme: Scheme): Profile =>
  scheme === 'dark' ? `${preset} dark` : preset
const results: { route: string; preset: Profile; median: Sample; ownFloor?: Sample }[] = []
const floors: Partial<Record<Profile, Sample>> = {}
let taps: TapSample[] = []
let chrome: chromeLauncher.LaunchedChrome | undefined
try {
  for (const scheme of tapsOnly ? [] : schemes) {
    chrome = await launchChrome(scheme)
    for (const preset of presets) {
      const profile = profileOf(preset, scheme)
      floors[profile] = await measure(chrome.port, `${floor.origin}/`, preset)
      console.error(`${profile} / (no JS floor): LCP ${floors[profile]!.lcp.toFixed(0)} ms`)
      for (const route of routes) {
        const result = await measure(chrome.port, site.origin + route, preset)
        const overHome = result.lcp > floors[profile]!.lcp * BENCH_TARGETS.lcpToFloor
        const ownFloor =
          overHome && route !== '/'
            ? await measure(chrome.port, floor.origin + route, preset)
            : undefined
        results.push({ route, preset: profile, median: result, ownFloor })
        console.error(
          `${profile} ${route}: performance ${result.performance}, LCP ${result.lcp.toFixed(0)} ms${ownFloor ? ` (its no-JS floor: ${ownFloor.lcp.toFixed(0)} ms)` : ''}`,
        )
      }
    }
    await chrome.kill()
    chrome = undefined
  }
  if (withTaps)
    taps = await measureTaps(site.origin, TAP_RUNS, (tap) =>
      console.error(
        `tap ${tap.profile} ${tap.control} at ${tap.moment}: ${tap.ms === null ? tap.outcome : `${Math.round(tap.ms)} ms`}`,
      ),
    )
} finally {
  await chrome?.kill()
  await site.close()
  await floor.close()
  await rm(floorDir, { recursive: true, force: true })
}

const ms = (value: number) => `${Math.round(value)} ms`
const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`
const header = [
  'preset',
  'route',
  'perf',
  'a11y',
  'best',
  'seo',
  'FCP',
  'LCP',
  'TBT',
  'CLS',
  'SI',
  'transfer',
  'scripts',
]
const row = (preset: string, route: string, s: Sample) => [
  preset,
  route,
  String(s.performance),
  String(s.accessibility),
  String(s.bestPractices),
  String(s.seo),
  ms(s.fcp),
  ms(s.lcp),
  ms(s.tbt),
  s.cls.toFixed(3),
  ms(s.speedIndex),
  kb(s.transferBytes),
  kb(s.scriptBytes),
]
const rows = results.map(({ preset, route, median: s }) => row(preset, route, s))
for (const preset of Object.keys(floors) as Profile[])
  rows.push(row(preset, '/ (no JS floor)', floors[preset]!))
for (const { route, preset, ownFloor } of results)
  if (ownFloor) rows.push(row(preset, `${route} (no JS floor)`, ownFloor))
const markdown = [
  `| ${header.join(' | ')} |`,
  `|${header.map(() => '---').join('|')}|`,
  ...rows.map((cells) => `| ${cells.join(' | ')} |`),
]
const ratios = (Object.keys(floors) as Profile[]).map((preset) => {
  const home = results.find((result) => result.route === '/' && result.preset === preset)?.median
  const base = floors[preset]!
  if (!home) return `${preset}: home page not measured`
  const tbt = base.tbt > 0 ? (home.tbt / base.tbt).toFixed(2) + '×' : `${ms(home.tbt)} vs 0 ms`
  return `${preset}: home LCP ${(home.lcp / base.lcp).toFixed(3)}× the zero-JS floor (${ms(home.lcp)} vs ${ms(base.lcp)}); TBT ${tbt}`
})
// Every measured route against the targets; the LCP floor is the home page's, per preset, or the
// route's own where it was measured.
const misses: string[] = []
for (const { route, preset, median: s, ownFloor } of results) {
  const where = `${preset} ${route}`
  if (preset.startsWith('mobile') && s.performance < BENCH_TARGETS.mobilePerformance)
    misses.push(`${where}: performance ${s.performance} < ${BENCH_TARGETS.mobilePerformance}`)
  if (s.tbt >= BENCH_TARGETS.totalBlockingTimeMs)
    misses.push(`${where}: TBT ${ms(s.tbt)} ≥ ${BENCH_TARGETS.totalBlockingTimeMs} ms`)
  if (s.cls > BENCH_TARGETS.cumulativeLayoutShift) misses.push(`${where}: CLS ${s.cls.toFixed(3)}`)
  const floorLcp = ownFloor?.lcp ?? floors[preset]?.lcp
  if (floorLcp && s.lcp > floorLcp * BENCH_TARGETS.lcpToFloor)
    misses.push(
      `${where}: LCP ${(s.lcp / floorLcp).toFixed(3)}× the floor > ${BENCH_TARGETS.lcpToFloor}×`,
    )
}
const targets = `Targets for every route: mobile performance ${BENCH_TARGETS.mobilePerformance}, TBT < ${BENCH_TARGETS.totalBlockingTimeMs} ms, CLS ${BENCH_TARGETS.cumulativeLayoutShift}, LCP ≤ ${BENCH_TARGETS.lcpToFloor}× the zero-JS floor. ${misses.length ? `Missed:\n${misses.map((miss) => `- ${miss}`).join('\n')}` : 'All met.'}`
const interaction = withTaps ? tapReport(taps, TAP_RUNS) : undefined
misses.push(...(interaction?.misses ?? []))
const lighthouseSection = tapsOnly
  ? ''
  : `Median of ${RUNS} runs per route, Lighthouse 12, system Chromium, served from dist/client on 127.0.0.1.\n\n${markdown.join('\n')}\n\n${ratios.map((line) => `- ${line}`).join('\n')}\n\n${targets}\n`
const report = `# Benchmark\n\n${lighthouseSection}\n${interaction?.markdown ?? ''}\n`
await mkdir('reports', { recursive: true })
await writeFile('reports/lighthouse.md', report)
await writeFile(
  'reports/lighthouse.json',
  JSON.stringify(
    { runs: RUNS, results, floors, targets: BENCH_TARGETS, tapRuns: TAP_RUNS, taps, misses },
    null,
    2,
  ),
)
console.log(report)
console.log('Wrote reports/lighthouse.md and reports/lighthouse.json')
if (misses.length) process.exitCode = 1
