// `npm run test:budgets`: checks every prerendered page against the budgets in docs/spec.md and
// prints a table. The JavaScript counted is what Chromium fetches before any interaction, at a
// phone's and a desktop's viewport (./lib/fetched-scripts.ts), each file gzipped as it is sent,
// plus the inline scripts. Each page's first response (headers and brotli-compressed HTML, as
// `npm start` serves it) must fit in a new connection's first round trip
// (./lib/first-response.ts). Vike moves Vite's client manifest to dist/assets.json. Exits 1 when
// any page is over budget or any JS file carries page copy.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadContent } from '../builder/content/load.ts'
import { isPageFile } from '../builder/prerender/page-file.ts'
import { isPublicFile } from '../site/editor.ts'
import { collections } from '../content/schema/collections.ts'
import { BUDGETS } from './lib/budgets.ts'
import { measureFetchedScripts, VIEWPORTS, type ViewportName } from './lib/fetched-scripts.ts'
import { measureFirstResponses } from './lib/first-response.ts'
import {
  copySentences,
  findCopyInJs,
  formatKb,
  gzipSize,
  measurePage,
  type Manifest,
} from './lib/weigh-page.ts'

const clientDir = path.resolve('dist/client')
const manifest = JSON.parse(await readFile(path.resolve('dist/assets.json'), 'utf8')) as Manifest

const htmlFiles = (await readdir(clientDir, { recursive: true })).filter(isPageFile).sort()
if (!htmlFiles.length) {
  console.error('No HTML in dist/client: run `npm run build` first.')
  process.exit(1)
}

const pageOf = (file: string) => '/' + file.replace(/(^|\/)index\.html$/, '').replace(/\\/g, '/')
const fetched = await measureFetchedScripts(clientDir, path.resolve('dist'), htmlFiles.map(pageOf))
const firstResponses = await measureFirstResponses(
  path.resolve('dist'),
  clientDir,
  htmlFiles.map(pageOf),
)
const gzipOf = new Map<string, number>()
const fileGzip = async (file: string) => {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSize(await readFile(path.join(clientDir, file))))
  return gzipOf.get(file)!
}

const failures: string[] = []
const notes: string[] = []
const rows: string[][] = []
for (const file of htmlFiles) {
  const page = pageOf(file)
  const weight = await measurePage(
    clientDir,
    page,
    await readFile(path.join(clientDir, file), 'utf8'),
    manifest,
  )
  const perViewport = new Map<ViewportName, { bytes: number; files: number }>()
  const predicted = new Set(weight.jsFiles)
  for (const { viewport, files } of fetched.filter((result) => result.page === page)) {
    // The HTML alone predicts the scripts of islands that start on load or idle; one that starts
    // when visible is fetched at once when it is on screen. Said, so the table can be read.
    const unpredicted = files.filter((file) => !predicted.has(file))
    if (unpredicted.length)
      notes.push(
        `${page} at ${viewport} size fetched ${unpredicted.length} script(s) the HTML alone does not predict (an island on screen): ${unpredicted.join(', ')}`,
      )
    const sizes = await Promise.all(files.map(fileGzip))
    const bytes = sizes.reduce((total, size) => total + size, weight.inlineJsGzipBytes)
    perViewport.set(viewport, { bytes, files: files.length })
    if (bytes > BUDGETS.initialJsGzipBytes)
      failures.push(
        `${page} at ${viewport} size: ${formatKb(bytes)} of JavaScript fetched before any interaction, in ${files.length} files (budget ${formatKb(BUDGETS.initialJsGzipBytes)})`,
      )
  }
  const first = firstResponses.find((response) => response.page === page)!
  const firstBytes = first.headerBytes + first.bodyBytes
  if (first.status !== 200)
    failures.push(`${page}: answered ${first.status}, so its first response could not be measured`)
  if (first.encoding !== 'br')
    failures.push(
      `${page}: sent ${first.encoding ?? 'uncompressed'}, not brotli, to a browser that accepts it`,
    )
  if (firstBytes > BUDGETS.firstResponseBytes)
    failures.push(
      `${page}: its first response is ${firstBytes.toLocaleString('en')} bytes (${first.headerBytes.toLocaleString('en')} of headers, ${first.bodyBytes.toLocaleString('en')} of HTML compressed with brotli), over the ${BUDGETS.firstResponseBytes.toLocaleString('en')} a new connection delivers in its first round trip: the page would show one round trip later (150 ms on a phone's network). Shorten what the page repeats (icons, long class lists, duplicated sections) or split it.`,
    )
  rows.push([
    page,
    `${firstBytes.toLocaleString('en')} B`,
    formatKb(weight.jsGzipBytes),
    ...(Object.keys(VIEWPORTS) as ViewportName[]).map((viewport) => {
      const measured = perViewport.get(viewport)
      return measured ? `${formatKb(measured.bytes)} (${measured.files})` : '-'
    }),
    summarizeIslands(weight.islands),
    formatKb(weight.cssGzipBytes),
    String(weight.cssFiles.length),
  ])
  if (weight.cssFiles.length > BUDGETS.cssFiles)
    failures.push(`${page}: ${weight.cssFiles.length} stylesheets (budget ${BUDGETS.cssFiles})`)
  if (weight.cssGzipBytes > BUDGETS.cssGzipBytes)
    failures.push(
      `${page}: ${formatKb(weight.cssGzipBytes)} of CSS (budget ${formatKb(BUDGETS.cssGzipBytes)})`,
    )
}

// Page copy must never ship as JavaScript.
const content = await loadContent(process.cwd(), collections, { cache: true })
const sentences = copySentences(
  [...content.entries.values()].flat().map((entry) => [entry.data, entry.body]),
)
// The editor's bundle (site/editor.ts) is no page's, and holds none of their copy.
const jsFiles = (await readdir(clientDir, { recursive: true })).filter(
  (file) => /\.m?js$/.test(file) && isPublicFile(file),
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
  'first response (headers + br HTML)',
  'JS the HTML predicts (gzip)',
  ...(Object.keys(VIEWPORTS) as ViewportName[]).map(
    (viewport) => `JS fetched, ${viewport} (gzip, files)`,
  ),
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
  `\nBudgets: first response ≤ ${BUDGETS.firstResponseBytes.toLocaleString('en')} B, JS ≤ ${formatKb(BUDGETS.initialJsGzipBytes)}, CSS ≤ ${formatKb(BUDGETS.cssGzipBytes)} in ${BUDGETS.cssFiles} file. ` +
    `Copy check: ${sentences.length} sentences of content against ${jsFiles.length} JS files, ${copyHits} found.`,
)
if (notes.length) console.log(`\n${notes.map((note) => `  · ${note}`).join('\n')}`)
if (failures.length) {
  console.error(`\nOver budget:\n${failures.map((failure) => `  ✗ ${failure}`).join('\n')}`)
  process.exit(1)
}
console.log(`All ${rows.length} pages within budget.`)

/** "nav/NavMenu(load)×2 request/RequestDialog(interaction)": one entry per kind of island. */
function summarizeIslands(islands: { name: string; hydrate: string }[]): string {
  const counts = new Map<string, number>()
  for (const island of islands) {
    const key = `${island.name}(${island.hydrate})`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return [...counts].map(([key, count]) => (count > 1 ? `${key}×${count}` : key)).join(' ') || '-'
}
