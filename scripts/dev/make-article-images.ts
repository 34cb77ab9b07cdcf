// Draws the committed source pictures of the articles (content/articles/images/) as SVG
// diagrams and rasterises them with sharp, so they can be redrawn when a figure changes. The
// build makes the responsive AVIF/WebP variants from these files.
// Run: `npx tsx scripts/dev/make-article-images.ts`.
import path from 'node:path'
import sharp from 'sharp'

const root = path.resolve(import.meta.dirname, '../..')
const out = (name: string) => path.join(root, 'content/articles/images', name)
const FONT = `font-family="DejaVu Sans, Arial, sans-serif"`
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

/** The four steps of a system design interview, as a timeline of their minutes. */
function designTimeline(): string {
  const steps = [
    { label: 'Requirements', minutes: '5-10 min', width: 7.5 },
    { label: 'High-level design', minutes: '15-20 min', width: 17.5 },
    { label: 'Deep dive', minutes: '20-25 min', width: 22.5 },
    { label: 'Wrap-up & trade-offs', minutes: '10-15 min', width: 12.5 },
  ]
  const colours = ['#c7d2fe', '#818cf8', '#4f46e5', '#312e81']
  const total = steps.reduce((sum, step) => sum + step.width, 0)
  let x = 80
  const bars = steps
    .map((step, index) => {
      const width = (step.width / total) * 1440
      const text = index < 1 ? '#1e1b4b' : '#ffffff'
      // Labels alternate between two rows so that short steps' labels do not overlap.
      const y = index % 2 ? 650 : 550
      const bar = `<rect x="${x}" y="300" width="${width - 8}" height="180" rx="16" fill="${colours[index]}"/>
        <text x="${x + 24}" y="370" ${FONT} font-size="34" font-weight="700" fill="${text}">${index + 1}</text>
        <text x="${x}" y="${y}" ${FONT} font-size="30" font-weight="700" fill="#0f172a">${escape(step.label)}</text>
        <text x="${x}" y="${y + 45}" ${FONT} font-size="28" fill="#475569">${step.minutes}</text>`
      x += width
      return bar
    })
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800" viewBox="0 0 1600 800">
    <rect width="1600" height="800" fill="#eef2ff"/>
    <text x="80" y="140" ${FONT} font-size="56" font-weight="800" fill="#0f172a">A 60-minute system design interview</text>
    <text x="80" y="210" ${FONT} font-size="32" fill="#475569">Where the time goes, from first question to final trade-off</text>
    ${bars}
    <text x="80" y="770" ${FONT} font-size="26" fill="#4338ca">Panelwise interview structure</text>
  </svg>`
}

/** How far two interviewers' scores differ before and after calibration sessions. */
function calibrationChart(): string {
  const rows = [
    { label: 'Before calibration', value: 38 },
    { label: 'After 1 month', value: 21 },
    { label: 'After 3 months', value: 9 },
  ]
  const bars = rows
    .map((row, index) => {
      const y = 260 + index * 150
      const width = row.value * 24
      return `<text x="80" y="${y + 55}" ${FONT} font-size="32" font-weight="600" fill="#0f172a">${row.label}</text>
        <rect x="520" y="${y}" width="${width}" height="84" rx="12" fill="${index ? '#4f46e5' : '#94a3b8'}"/>
        <text x="${540 + width}" y="${y + 56}" ${FONT} font-size="34" font-weight="800" fill="#0f172a">${row.value}%</text>`
    })
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800" viewBox="0 0 1600 800">
    <rect width="1600" height="800" fill="#ffffff"/>
    <text x="80" y="130" ${FONT} font-size="52" font-weight="800" fill="#0f172a">Interviewers who disagree on the hire decision</text>
    <text x="80" y="195" ${FONT} font-size="30" fill="#475569">Share of double-scored interviews where two interviewers reached different decisions</text>
    ${bars}
    <text x="80" y="740" ${FONT} font-size="26" fill="#4338ca">Illustrative figures from monthly calibration sessions</text>
  </svg>`
}

await sharp(Buffer.from(designTimeline()))
  .png({ compressionLevel: 9 })
  .toFile(out('system-design-timeline.png'))
await sharp(Buffer.from(calibrationChart()))
  .png({ compressionLevel: 9 })
  .toFile(out('calibration-disagreement.png'))
console.log(
  'wrote content/articles/images/system-design-timeline.png, calibration-disagreement.png',
)
