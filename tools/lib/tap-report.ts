// The interaction table of `npm run bench`: for each control and moment, the median and the
// worst of its taps, under the mobile profile and unthrottled, checked against TAP_TARGETS.
import { TAP_TARGETS } from './budgets.ts'
import { TAP_CONTROLS, TAP_MOMENTS, type TapProfile, type TapSample } from './tap-latency.ts'

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** "123 ms", or what happened instead of a response in the page. */
function describe(samples: TapSample[], pick: 'median' | 'worst'): string {
  const shown = samples.filter((sample) => sample.ms !== null).map((sample) => sample.ms!)
  const missing = samples.length - shown.length
  if (pick === 'worst' && missing) {
    const newTabs = samples.filter((sample) => sample.outcome === 'new tab').length
    return newTabs === missing ? `new tab ×${newTabs}` : `none ×${missing}`
  }
  if (!shown.length) return samples.every((s) => s.outcome === 'new tab') ? 'new tab' : 'none'
  return `${Math.round(pick === 'median' ? median(shown) : Math.max(...shown))} ms`
}

export function tapReport(samples: TapSample[], runs: number) {
  const profiles = [...new Set(samples.map((sample) => sample.profile))] as TapProfile[]
  const header = ['control', 'moment', ...profiles.flatMap((p) => [`${p} median`, `${p} worst`])]
  const rows: string[][] = []
  const misses: string[] = []
  for (const control of TAP_CONTROLS)
    for (const moment of TAP_MOMENTS) {
      const of = (profile: TapProfile) =>
        samples.filter(
          (s) => s.control === control.name && s.moment === moment && s.profile === profile,
        )
      if (!of(profiles[0]!).length) continue
      rows.push([
        control.name,
        moment,
        ...profiles.flatMap((profile) => [
          describe(of(profile), 'median'),
          describe(of(profile), 'worst'),
        ]),
      ])
      // The target is for the mobile profile; a tap answered only by a new tab, or not at all,
      // is a miss whatever its neighbours did.
      const throttled = of('mobile profile')
      if (!throttled.length) continue
      const shown = throttled.filter((s) => s.ms !== null).map((s) => s.ms!)
      const where = `${control.name} at ${moment}`
      if (shown.length < throttled.length)
        misses.push(
          `${where}: ${throttled.length - shown.length} of ${throttled.length} taps showed nothing in the page`,
        )
      else if (median(shown) > TAP_TARGETS.visibleResponseMs)
        misses.push(
          `${where}: median ${Math.round(median(shown))} ms > ${TAP_TARGETS.visibleResponseMs} ms`,
        )
    }
  const markdown = [
    `## Interaction: tap to visible response`,
    '',
    `pointerdown to the first frame showing the dialog or menu, ${runs} fresh visits per cell; mobile profile: 150 ms RTT, 1.6 Mbps, 4× CPU, 390 px touch (dropdowns at 1280 px). "new tab": the booking link opened the scheduler as its HTML says, before the page script ran.`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((cells) => `| ${cells.join(' | ')} |`),
    '',
    `Target: median ≤ ${TAP_TARGETS.visibleResponseMs} ms under the mobile profile, every tap answered in the page. ${misses.length ? `Missed:\n${misses.map((miss) => `- ${miss}`).join('\n')}` : 'All met.'}`,
  ].join('\n')
  return { markdown, misses }
}
