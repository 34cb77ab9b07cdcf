// The before-and-after tables of `npm run bench -- --compare <ref>`: two builds measured in the
// same runs, interleaved, beside the one bare reference page. A figure of one build is a
// median over its runs, as in the main tables; the change is the after build's median over the
// before build's, so that a slow minute of the machine, which falls on both, cancels out.
import { REFERENCE_NAME } from './reference-page.ts'
import { ms, range, type RouteLoad, type LoadSummary } from './load-report.ts'
import { describeTaps, referenceMedians, shownMedian } from './tap-report.ts'
import { TAP_CONTROLS, TAP_MOMENTS, type TapProfile, type TapSample } from './tap-latency.ts'

/** Which of the two builds a figure belongs to. */
export type BenchBuild = 'before' | 'after'

export interface CompareLabels {
  /** What the before build is: "`main` (c34fbf6)", a folder. */
  before: string
  /** What the after build is: "dist/ (the working tree's build)". */
  after: string
}

const signed = (value: number) => `${value >= 0 ? '+' : '−'}${ms(Math.abs(value))}`
/** "0.82×": after over before; "-" when either is missing or the before is zero. */
const change = (before: number | undefined, after: number | undefined) =>
  before === undefined || after === undefined || before === 0
    ? '-'
    : `${(after / before).toFixed(2)}×`

/** One row per profile and route measured on both builds: TBT, main thread, LCP, score. */
export function loadComparison(
  before: RouteLoad[],
  after: RouteLoad[],
  references: Record<string, LoadSummary>,
  labels: CompareLabels,
): string {
  const header = [
    'profile',
    'route',
    'perf before → after',
    'TBT ms (range) before → after',
    'TBT − bare, before → after',
    'main thread ms (range) before → after',
    'main thread ×',
    '× bare, before → after',
    'LCP ms before → after',
    'LCP ×',
  ]
  const rows: string[][] = []
  for (const result of after) {
    const was = before.find(
      (other) => other.profile === result.profile && other.route === result.route,
    )
    if (!was) continue
    const base = references[result.profile]
    const [b, a] = [was.summary, result.summary]
    rows.push([
      result.profile,
      result.route,
      `${b.median.performance} → ${a.median.performance}`,
      `${range(b.tbt)} → ${range(a.tbt)}`,
      base
        ? `${signed(b.tbt.median - base.tbt.median)} → ${signed(a.tbt.median - base.tbt.median)}`
        : '-',
      `${range(b.mainThread)} → ${range(a.mainThread)}`,
      change(b.mainThread.median, a.mainThread.median),
      base
        ? `${(b.mainThread.median / base.mainThread.median).toFixed(2)}× → ${(a.mainThread.median / base.mainThread.median).toFixed(2)}×`
        : '-',
      `${ms(b.median.lcp)} → ${ms(a.median.lcp)}`,
      change(b.median.lcp, a.median.lcp),
    ])
  }
  const referenceLine = Object.entries(references)
    .map(
      ([profile, s]) =>
        `${profile}: TBT ${ms(s.tbt.median)} ms, main thread ${ms(s.mainThread.median)} ms`,
    )
    .join('; ')
  return [
    `Before: ${labels.before}. After: ${labels.after}. Each run measured every route on both builds, in turn, the order swapped from one run to the next. The ${REFERENCE_NAME} in the same runs: ${referenceLine || 'not measured'}. "×": after over before (below 1 is faster).`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n')
}

/** "123 (98–160)", as the bench's own table says a cell but without the unit; "-" when there were none. */
const describe = (samples: TapSample[]) => (samples.length ? describeTaps(samples, '') : '-')

/**
 * One row per profile, control and moment tapped on both builds: each build's median and
 * spread, each as a ratio to the reference (its taps pooled per profile, shared by both builds),
 * and after over before.
 */
export function tapComparison(samples: TapSample[], labels: CompareLabels): string {
  const reference = referenceMedians(samples)
  const profiles = [...new Set(samples.map((sample) => sample.profile))] as TapProfile[]
  const header = [
    'profile',
    'control',
    'moment',
    'before ms (range)',
    'after ms (range)',
    '× bare, before → after',
    'after ÷ before',
  ]
  const rows: string[][] = []
  for (const profile of profiles)
    for (const control of TAP_CONTROLS) {
      if (control.name === REFERENCE_NAME) continue
      for (const moment of TAP_MOMENTS) {
        const of = (build: BenchBuild) =>
          samples.filter(
            (s) =>
              s.build === build &&
              s.profile === profile &&
              s.control === control.name &&
              s.moment === moment,
          )
        const [was, now] = [of('before'), of('after')]
        if (!was.length || !now.length) continue
        const [b, a] = [shownMedian(was), shownMedian(now)]
        const base = reference[profile]
        const ratio = (value: number | undefined) =>
          value === undefined || !base ? '-' : `${(value / base).toFixed(2)}×`
        rows.push([
          profile,
          control.name,
          moment,
          describe(was),
          describe(now),
          `${ratio(b)} → ${ratio(a)}`,
          change(b, a),
        ])
      }
    }
  return [
    `Before: ${labels.before}. After: ${labels.after}. Every control was tapped on both builds at each moment, in turn, the order swapped from one run to the next; the ${REFERENCE_NAME} was tapped in the same runs (${profiles.map((p) => `${p}: ${reference[p] === undefined ? 'none' : `${ms(reference[p])} ms`}`).join(', ')}). "after ÷ before" below 1 is faster.`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
  ].join('\n')
}
