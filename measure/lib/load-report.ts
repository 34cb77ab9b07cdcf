// The load half of `npm run bench`: what one Lighthouse run says of a page (scores, timings, the
// main thread's work by kind), the medians and spread of several runs, and the table that
// compares each route with the bare reference page measured in the same runs.
import type { Result } from 'lighthouse'
import { BENCH_TARGETS } from './budgets.ts'
import { REFERENCE_NAME } from './reference-page.ts'
import { median } from './tap-report.ts'

/** Lighthouse's main-thread groups (mainthread-work-breakdown), in the order the table shows. */
export const MAIN_THREAD_GROUPS = {
  other: 'Other',
  styleLayout: 'Style & Layout',
  scriptEvaluation: 'Script',
  scriptParseCompile: 'Parse & compile',
  paintCompositeRender: 'Paint',
  parseHTML: 'HTML & CSS parse',
  garbageCollection: 'GC',
} as const
type MainThreadGroup = keyof typeof MAIN_THREAD_GROUPS

export interface LoadSample {
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
  /** mainthread-work-breakdown's total, ms. */
  mainThread: number
  /** The same by group, ms. */
  mainThreadGroups: Record<MainThreadGroup, number>
}

export function loadSample(lhr: Result): LoadSample {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const items = <T>(id: string) => (lhr.audits[id]?.details as { items?: T[] })?.items ?? []
  const resources = items<{ resourceType: string; transferSize: number }>('resource-summary')
  const work = items<{ group: string; duration: number }>('mainthread-work-breakdown')
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
    mainThread: audit('mainthread-work-breakdown'),
    mainThreadGroups: Object.fromEntries(
      (Object.keys(MAIN_THREAD_GROUPS) as MainThreadGroup[]).map((group) => [
        group,
        work.find((item) => item.group === group)?.duration ?? 0,
      ]),
    ) as Record<MainThreadGroup, number>,
  }
}

/** Median, fastest and slowest of one figure over runs. */
export interface Spread {
  median: number
  min: number
  max: number
}
const spread = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
})

export interface LoadSummary {
  runs: number
  median: Omit<LoadSample, 'mainThreadGroups'>
  mainThreadGroups: Record<MainThreadGroup, number>
  tbt: Spread
  mainThread: Spread
}

export function summarize(samples: LoadSample[]): LoadSummary {
  const numeric = (Object.keys(samples[0]!) as (keyof LoadSample)[]).filter(
    (key) => key !== 'mainThreadGroups',
  )
  return {
    runs: samples.length,
    median: Object.fromEntries(
      numeric.map((key) => [key, median(samples.map((one) => one[key] as number))]),
    ) as LoadSummary['median'],
    mainThreadGroups: Object.fromEntries(
      (Object.keys(MAIN_THREAD_GROUPS) as MainThreadGroup[]).map((group) => [
        group,
        median(samples.map((one) => one.mainThreadGroups[group])),
      ]),
    ) as Record<MainThreadGroup, number>,
    tbt: spread(samples.map((one) => one.tbt)),
    mainThread: spread(samples.map((one) => one.mainThread)),
  }
}

export interface RouteLoad {
  /** "mobile", "desktop dark" */
  profile: string
  route: string
  summary: LoadSummary
  /** The no-JS floor its LCP is held to: the home page's, or its own where that was measured. */
  floorLcp?: number
  ownFloor?: boolean
}

/** "780": whole milliseconds. */
export const ms = (value: number) => `${Math.round(value)}`
/** "780 (740–820)": the median and the range of a figure over runs. */
export const range = (s: Spread) => `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`

/** CLS as the table shows it: a shift too small for three decimals still shows as one. */
export const clsText = (value: number) =>
  value > 0 && value < 0.0005 ? value.toPrecision(1) : value.toFixed(3)

/** The table, one row per route and profile with its reference's row first, and the misses. */
export function loadReport(results: RouteLoad[], references: Record<string, LoadSummary>) {
  const header = [
    'profile',
    'route',
    'perf',
    'a11y',
    'best',
    'seo',
    'TBT ms (range)',
    'TBT − bare',
    'main thread ms (range)',
    '× bare',
    ...Object.values(MAIN_THREAD_GROUPS),
    'FCP',
    'LCP',
    'CLS',
    'KB',
    'JS KB',
  ]
  const row = (profile: string, route: string, s: LoadSummary, base?: LoadSummary) => [
    profile,
    route,
    String(s.median.performance),
    String(s.median.accessibility),
    String(s.median.bestPractices),
    String(s.median.seo),
    range(s.tbt),
    base
      ? `${s.tbt.median - base.tbt.median >= 0 ? '+' : ''}${ms(s.tbt.median - base.tbt.median)}`
      : '-',
    range(s.mainThread),
    base ? `${(s.mainThread.median / base.mainThread.median).toFixed(2)}×` : '-',
    ...(Object.keys(MAIN_THREAD_GROUPS) as MainThreadGroup[]).map((group) =>
      ms(s.mainThreadGroups[group]),
    ),
    ms(s.median.fcp),
    ms(s.median.lcp),
    clsText(s.median.cls),
    (s.median.transferBytes / 1024).toFixed(1),
    (s.median.scriptBytes / 1024).toFixed(1),
  ]
  const rows: string[][] = []
  const misses: string[] = []
  for (const [profile, base] of Object.entries(references)) {
    rows.push(row(profile, REFERENCE_NAME, base))
    for (const { route, summary: s, floorLcp } of results.filter((r) => r.profile === profile)) {
      rows.push(row(profile, route, s, base))
      const where = `${profile} ${route}`
      if (
        profile.startsWith('mobile') &&
        base.median.performance >= BENCH_TARGETS.mobilePerformance &&
        s.median.performance < BENCH_TARGETS.mobilePerformance
      )
        misses.push(
          `${where}: performance ${s.median.performance} < ${BENCH_TARGETS.mobilePerformance} (the ${REFERENCE_NAME} scores ${base.median.performance})`,
        )
      const overTbt = s.tbt.median - base.tbt.median
      if (overTbt > BENCH_TARGETS.totalBlockingTimeOverReferenceMs)
        misses.push(
          `${where}: TBT ${ms(overTbt)} ms over the ${REFERENCE_NAME}'s > ${BENCH_TARGETS.totalBlockingTimeOverReferenceMs} ms`,
        )
      const mainThread = s.mainThread.median / base.mainThread.median
      if (mainThread > BENCH_TARGETS.mainThreadToReference)
        misses.push(
          `${where}: main-thread work ${mainThread.toFixed(2)}× the ${REFERENCE_NAME}'s > ${BENCH_TARGETS.mainThreadToReference}×`,
        )
      if (s.median.cls > BENCH_TARGETS.cumulativeLayoutShift)
        misses.push(
          `${where}: CLS ${clsText(s.median.cls)} > ${BENCH_TARGETS.cumulativeLayoutShift}`,
        )
      if (floorLcp && s.median.lcp > floorLcp * BENCH_TARGETS.lcpToFloor)
        misses.push(
          `${where}: LCP ${(s.median.lcp / floorLcp).toFixed(3)}× the no-JS floor > ${BENCH_TARGETS.lcpToFloor}×`,
        )
    }
  }
  const markdown = [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
    '',
    `Targets for every route, against the ${REFERENCE_NAME} in the same runs: mobile performance ${BENCH_TARGETS.mobilePerformance} wherever the ${REFERENCE_NAME} scores it, TBT at most ${BENCH_TARGETS.totalBlockingTimeOverReferenceMs} ms over its, main-thread work at most ${BENCH_TARGETS.mainThreadToReference}× its, CLS ${BENCH_TARGETS.cumulativeLayoutShift}, LCP ≤ ${BENCH_TARGETS.lcpToFloor}× the zero-JS floor. ${misses.length ? `Missed:\n${misses.map((miss) => `- ${miss}`).join('\n')}` : 'All met.'}`,
  ].join('\n')
  return { markdown, misses }
}
