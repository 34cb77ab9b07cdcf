// The before-and-after tables of `npm run bench -- --compare`: which figures are put side by
// side, what the ratios are taken over, and that a lost tap shows rather than vanishing.
import { describe, expect, it } from 'vitest'
import { loadComparison, tapComparison } from '../../../../measure/lib/compare-report.ts'
import {
  loadReport,
  summarize,
  type LoadSample,
  type RouteLoad,
} from '../../../../measure/lib/load-report.ts'
import { REFERENCE_NAME } from '../../../../measure/lib/reference-page.ts'
import type { TapSample } from '../../../../measure/lib/tap-latency.ts'

const labels = { before: '`main` (c34fbf6)', after: 'dist/ (this working tree’s build)' }

/** A table's rows as cells, the header and separator left out. */
const rowsOf = (markdown: string) =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| profile'))
    .map((line) => line.slice(2, -2).split(' | '))

function sample(tbt: number, mainThread: number, lcp: number, performance = 100): LoadSample {
  return {
    performance,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    fcp: lcp - 100,
    lcp,
    tbt,
    cls: 0,
    speedIndex: lcp,
    transferBytes: 50_000,
    scriptBytes: 4_000,
    mainThread,
    mainThreadGroups: {
      other: mainThread / 2,
      styleLayout: mainThread / 4,
      scriptEvaluation: mainThread / 4,
      scriptParseCompile: 0,
      paintCompositeRender: 0,
      parseHTML: 0,
      garbageCollection: 0,
    },
  }
}

const routeLoad = (route: string, samples: LoadSample[]): RouteLoad => ({
  profile: 'mobile',
  route,
  summary: summarize(samples),
})

describe('loadComparison', () => {
  const reference = { mobile: summarize([sample(0, 200, 600), sample(10, 240, 640)]) }

  it('puts each route’s medians side by side, with the change and the distance to the bare page', () => {
    const before = [
      routeLoad('/', [sample(80, 800, 1200), sample(60, 760, 1100), sample(70, 780, 1150)]),
    ]
    const after = [
      routeLoad('/', [sample(40, 400, 1000), sample(20, 380, 900), sample(30, 390, 950, 99)]),
    ]
    const [row] = rowsOf(loadComparison(before, after, reference, labels))
    expect(row).toEqual([
      'mobile',
      '/',
      '100 → 100',
      '70 (60–80) → 30 (20–40)',
      '+65 → +25',
      '780 (760–800) → 390 (380–400)',
      '0.50×',
      '3.55× → 1.77×',
      '1150 → 950',
      '0.83×',
    ])
  })

  it('names both builds and the reference’s figures from the same runs', () => {
    const text = loadComparison([], [], reference, labels)
    expect(text).toContain('Before: `main` (c34fbf6). After: dist/')
    expect(text).toContain(
      `The ${REFERENCE_NAME} in the same runs: mobile: TBT 5 ms, main thread 220 ms`,
    )
  })

  it('leaves out a route that only one build was measured on', () => {
    const before = [routeLoad('/', [sample(10, 300, 900)])]
    const after = [routeLoad('/', [sample(10, 300, 900)]), routeLoad('/new', [sample(0, 250, 800)])]
    expect(rowsOf(loadComparison(before, after, reference, labels)).map((row) => row[1])).toEqual([
      '/',
    ])
  })
})

describe('tapComparison', () => {
  const tap = (
    control: string,
    ms: number | null,
    build?: TapSample['build'],
    moment: TapSample['moment'] = 'first paint',
  ): TapSample => ({
    control,
    moment,
    profile: 'mobile profile',
    ms,
    outcome: ms === null ? 'none' : 'shown',
    ...(build && { build }),
  })

  it('gives each build’s median against the reference’s pooled median, and after over before', () => {
    const samples = [
      tap(REFERENCE_NAME, 50),
      tap(REFERENCE_NAME, 60),
      tap(REFERENCE_NAME, 50, undefined, '1.5 s later'),
      tap('Menu', 120, 'before'),
      tap('Menu', 140, 'before'),
      tap('Menu', 100, 'before'),
      tap('Menu', 60, 'after'),
      tap('Menu', 80, 'after'),
      tap('Menu', 70, 'after'),
    ]
    const text = tapComparison(samples, labels)
    expect(text).toContain('mobile profile: 50 ms')
    expect(rowsOf(text)).toEqual([
      [
        'mobile profile',
        'Menu',
        'first paint',
        '120 (100–140)',
        '70 (60–80)',
        '2.40× → 1.40×',
        '0.58×',
      ],
    ])
  })

  it('counts the taps that showed nothing instead of dropping them', () => {
    const samples = [
      tap(REFERENCE_NAME, 50),
      tap('Search', 100, 'before'),
      tap('Search', null, 'after'),
      tap('Search', 90, 'after'),
      tap('Request Guide', null, 'before'),
      tap('Request Guide', 120, 'after'),
      // A booking link that opened the scheduler in a new tab answered the tap, as its HTML says.
      { ...tap('booking on /', null, 'before'), outcome: 'new tab' as const },
      tap('booking on /', 80, 'before'),
      tap('booking on /', 75, 'after'),
    ]
    const rows = rowsOf(tapComparison(samples, labels))
    expect(rows.find((row) => row[1] === 'Search')!.slice(3)).toEqual([
      '100 (100–100)',
      '90 (90–90), none ×1',
      '2.00× → 1.80×',
      '0.90×',
    ])
    expect(rows.find((row) => row[1] === 'Request Guide')!.slice(3)).toEqual([
      'none ×1',
      '120 (120–120)',
      '- → 2.40×',
      '-',
    ])
    expect(rows.find((row) => row[1] === 'booking on /')!.slice(3, 5)).toEqual([
      '80 (80–80), new tab ×1',
      '75 (75–75)',
    ])
  })

  it('shows no row for a control tapped on one build only', () => {
    const samples = [tap(REFERENCE_NAME, 50), tap('Menu', 70, 'after')]
    expect(rowsOf(tapComparison(samples, labels))).toEqual([])
  })
})

describe('loadReport', () => {
  const reference = { mobile: summarize([sample(0, 200, 600), sample(10, 240, 640)]) }

  it('names a layout shift too small for three decimals, rather than printing it as 0.000', () => {
    const shifted = { ...sample(0, 300, 700), cls: 0.000195 }
    const { markdown, misses } = loadReport(
      [routeLoad('/resources/case-studies/startup', [shifted, shifted, shifted])],
      reference,
    )
    expect(misses).toEqual(['mobile /resources/case-studies/startup: CLS 0.0002 > 0'])
    expect(markdown).toContain('| 0.0002 |')
  })
})
