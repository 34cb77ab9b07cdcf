// `npm run test:budgets`: checks every prerendered page against the budgets in DESIGN.md and
// prints a table. Vike moves Vite's client manifest to dist/assets.json. Exits 1 when any page is over budget or any JS file carries page copy.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadContent } from '../content/_lib/load.ts'
import { collections } from '../content/config.ts'
import { BUDGETS } from './lib/budgets.ts'
import {
  copySentences,
  findCopyInJs,
  formatKb,
  measurePage,
  type Manifest,
} from './lib/page-weight.ts'

const clientDir = path.resolve('dist/client')
const manifest = JSON.parse(await readFile(path.resolve('dist/assets.json'), 'utf8')) as Manifest

const htmlFiles = (await readdir(clientDir, { recursive: true }))
  .filter((file) => file.endsWith('.html'))
  .sort()
if (!htmlFiles.length) {
  console.error('No HTML in dist/client: run `npm run build` first.')
  process.exit(1)
}

const failures: string[] = []
const rows: string[][] = []
for (const file of htmlFiles) {
  const page = '/' + file.replace(/(^|\/)index\.html$/, '').replace(/\\/g, '/')
  const weight = await measurePage(
    clientDir,
    page,
    await readFile(path.join(clientDir, file), 'utf8'),
    manifest,
  )
  rows.push([
    page,
    formatKb(weight.jsGzipBytes),
    String(weight.jsFiles.length) + (weight.inlineJsGzipBytes ? ' + inline' : ''),
    summarizeIslands(weight.islands),
    formatKb(weight.cssGzipBytes),
    String(weight.cssFiles.length),
  ])
  if (weight.jsGzipBytes > BUDGETS.initialJsGzipBytes)
    failures.push(
      `${page}: ${formatKb(weight.jsGzipBytes)} of JavaScript before interaction (budget ${formatKb(BUDGETS.initialJsGzipBytes)})`,
    )
  if (weight.cssFiles.length > BUDGETS.cssFiles)
    failures.push(`${page}: ${weight.cssFiles.length} stylesheets (budget ${BUDGETS.cssFiles})`)
  if (weight.cssGzipBytes > BUDGETS.cssGzipBytes)
    failures.push(
      `${page}: ${formatKb(weight.cssGzipBytes)} of CSS (budget ${formatKb(BUDGETS.cssGzipBytes)})`,
    )
}

// Page copy must never ship as JavaScript.
const content = await loadContent(process.cwd(), collections)
const sentences = copySentences(
  [...content.entries.values()].flat().map((entry) => [entry.data, entry.body]),
)
const jsFiles = (await readdir(clientDir, { recursive: true })).filter((file) =>
  /\.m?js$/.test(file),
)
let copyHits = 0
for (const file of jsFiles) {
  for (const sentence of findCopyInJs(
    await readFile(path.join(clientDir, file), 'utf8'),
    sentences,
  )) {
    copyHits++
    failures.push(`dist/client/${file} contains page copy: "${sentence.slice(0, 80)}"`)
  }
}

const header = [
  'page',
  'JS before interaction (gzip)',
  'JS files',
  'islands',
  'CSS (gzip)',
  'CSS files',
]
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]!.length)),
)
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
console.log(line(header))
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
rows.forEach((row) => console.log(line(row)))
console.log(
  `\nBudgets: JS ≤ ${formatKb(BUDGETS.initialJsGzipBytes)}, CSS ≤ ${formatKb(BUDGETS.cssGzipBytes)} in ${BUDGETS.cssFiles} file. ` +
    `Copy check: ${sentences.length} sentences of content against ${jsFiles.length} JS files, ${copyHits} found.`,
)
if (failures.length) {
  console.error(`\nOver budget:\n${failures.map((failure) => `  ✗ ${failure}`).join('\n')}`)
  process.exit(1)
}
console.log(`All ${rows.length} pages within budget.`)

/** "nav/NavMenu(load)×2 request/RequestButton(visible)×7": one entry per kind of island. */
function summarizeIslands(islands: { name: string; hydrate: string }[]): string {
  const counts = new Map<string, number>()
  for (const island of islands) {
    const key = `${island.name}(${island.hydrate})`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, count]) => (count > 1 ? `${key}×${count}` : key)).join(' ') || '-'
}
