// The interaction table of `npm run bench`: for each control and moment, the median of its taps
// with their spread (fastest to slowest), and the median as a ratio to the bare reference
// page's in the same run and profile (all its taps pooled: it does the same work at every
// moment). The ratio is the target (TAP_TARGETS): an absolute time moves with the machine.
import { TAP_TARGETS } from './budgets.ts'
import { REFERENCE_NAME } from './reference-page.ts'
import { TAP_CONTROLS, TAP_MOMENTS, type TapProfile, type TapSample } from './tap-latency.ts'

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const ms = (value: number) => `${Math.round(value)}`

/** The times of the taps that showed something in the page, in ms. */
const shownTimes = (samples: TapSample[]) =>
  samples.flatMap((sample) => (sample.ms === null ? [] : [sample.ms]))

/** The median of the taps that showed something; undefined if none did. */
export const shownMedian = (samples: TapSample[]) => {
  const shown = shownTimes(samples)
  return shown.length ? median(shown) : undefined
}

/**
 * What happened instead of a response in the page, "new tab ×2" or "none ×1" ("" when every tap
 * showed something): a booking link that opened the scheduler is not a lost tap.
 */
function unanswered(samples: TapSample[]): string {
  const missing = samples.filter((sample) => sample.ms === null).length
  if (!missing) return ''
  const newTabs = samples.filter((sample) => sample.outcome === 'new tab').length
  return `${newTabs === missing ? 'new tab' : 'none'} ×${missing}`
}

/**
 * "123 ms (98–160)" (the median, fastest to slowest; `unit` after the median), and what happened
 * instead of a response to the taps that showed nothing: "123 ms (98–160), none ×1". The bench's
 * table and its before-and-after table (./compare-report.ts) both say a cell this way.
 */
export function describeTaps(samples: TapSample[], unit = ' ms'): string {
  const shown = shownTimes(samples)
  const instead = unanswered(samples)
  if (!shown.length) return instead
  const spread = `${ms(median(shown))}${unit} (${ms(Math.min(...shown))}–${ms(Math.max(...shown))})`
  return instead ? `${spread}, ${instead}` : spread
}

/** The reference's pooled median per profile, in ms (undefined when it was not tapped). */
export function referenceMedians(samples: TapSample[]): Partial<Record<TapProfile, number>> {
  const result: Partial<Record<TapProfile, number>> = {}
  for (const profile of new Set(samples.map((sample) => sample.profile))) {
    const base = shownMedian(
      samples.filter((s) => s.control === REFERENCE_NAME && s.profile === profile),
    )
    if (base !== undefined) result[profile] = base
  }
  return result
}

export function tapReport(samples: TapSample[], runs: number) {
  const profiles = [...new Set(samples.map((sample) => sample.profile))] as TapProfile[]
  const reference = referenceMedians(samples)
  const header = [
    'control',
    'moment',
    ...profiles.flatMap((p) => [`${p}: median (fastest–slowest)`, `${p}: × bare page`]),
  ]
  const rows: string[][] = []
  const misses: string[] = []
  const ratios: number[] = []
  for (const control of TAP_CONTROLS)
    for (const moment of TAP_MOMENTS) {
      const of = (profile: TapProfile) =>
        samples.filter(
          (s) => s.control === control.name && s.moment === moment && s.profile === profile,
        )
      if (!of(profiles[0]!).length) continue
      const ratioOf = (profile: TapProfile) => {
        const shown = shownMedian(of(profile))
        const base = reference[profile]
        return shown !== undefined && base ? shown / base : undefined
      }
      rows.push([
        control.name,
        moment,
        ...profiles.flatMap((profile) => {
          const ratio = ratioOf(profile)
          return [describeTaps(of(profile)), ratio === undefined ? '-' : `${ratio.toFixed(2)}×`]
        }),
      ])
      // The target is for the mobile profile; a tap answered only by a new tab, or not at all,
      // is a miss whatever its neighbours did.
      const throttled = of('mobile profile')
      if (!throttled.length || control.name === REFERENCE_NAME) continue
      const where = `${control.name} at ${moment}`
      const lost = throttled.filter((s) => s.ms === null).length
      const ratio = ratioOf('mobile profile')
      if (ratio !== undefined) ratios.push(ratio)
      if (lost)
        misses.push(`${where}: ${lost} of ${throttled.length} taps showed nothing in the page`)
      else if (ratio === undefined) misses.push(`${where}: no reference taps to compare with`)
      else if (ratio > TAP_TARGETS.toReference)
        misses.push(
          `${where}: median ${ratio.toFixed(2)}× the bare page's > ${TAP_TARGETS.toReference}×`,
        )
    }
  const worst = ratios.length ? Math.max(...ratios) : undefined
  const markdown = [
    `## Interaction: tap to visible response`,
    '',
    `pointerdown to the first frame showing the dialog or menu, in ms, ${runs} fresh visits per cell, the ${REFERENCE_NAME} tapped in the same runs; mobile profile: 150 ms RTT, 1.6 Mbps, 4× CPU, 390 px touch (dropdowns at 1280 px). "× ${REFERENCE_NAME}": the median over the ${REFERENCE_NAME}'s median, all its taps in that profile pooled (${profiles.map((p) => `${p}: ${reference[p] === undefined ? 'none' : `${ms(reference[p])} ms`}`).join(', ')}). "new tab": the booking link opened the scheduler as its HTML says, before the page script ran.`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
    '',
    `Worst median under the mobile profile: ${worst === undefined ? '-' : `${worst.toFixed(2)}×`} the ${REFERENCE_NAME}'s.`,
    '',
    `Target: every median ≤ ${TAP_TARGETS.toReference}× the ${REFERENCE_NAME}'s under the mobile profile (aim ${TAP_TARGETS.aimToReference}×), every tap answered in the page. ${misses.length ? `Missed:\n${misses.map((miss) => `- ${miss}`).join('\n')}` : 'All met.'}`,
  ].join('\n')
  return { markdown, misses, worstRatio: worst, reference }
}
