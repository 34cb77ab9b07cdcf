// Lighthouse SEO and best-practices on every route of the built site, served the way
// `npm run serve` serves it (same header rules), with the system Chromium. Exits 1 below 100.
// Usage after a build: `npx tsx measure/lighthouse.ts` (PORT to pick the port, default random).
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { HeaderRule } from '../server/headers.ts'
import { createStaticSite } from '../server/static.ts'
import { chromiumPath } from '../tests/harness/chromium.ts'
import { expectedRoutes } from '../builder/content/route-table.ts'

const run = promisify(execFile)
const CATEGORIES = ['seo', 'best-practices']

const rules = JSON.parse(await readFile(path.resolve('dist/headers.json'), 'utf8')) as HeaderRule[]
const site = createStaticSite(path.resolve('dist/client'), rules)
const server = createServer((req, res) => void site.handle(req, res))
await new Promise<void>((resolve) =>
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', resolve),
)
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const outDir = await mkdtemp(path.join(tmpdir(), 'lighthouse-'))

interface Report {
  runtimeError?: { message: string }
  categories: Record<string, { score: number | null }>
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string }>
}

const failures: string[] = []
try {
  for (const route of await expectedRoutes()) {
    const output = path.join(outDir, 'report.json')
    await run(path.resolve('node_modules/.bin/lighthouse'), [
      base + route.path,
      `--chrome-path=${chromiumPath()}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ])
    const report = JSON.parse(await readFile(output, 'utf8')) as Report
    const scores = CATEGORIES.map((id) => Math.round((report.categories[id]?.score ?? 0) * 100))
    console.log(
      `${route.path.padEnd(40)} ${CATEGORIES.map((id, i) => `${id} ${scores[i]}`).join('  ')}`,
    )
    if (report.runtimeError) failures.push(`${route.path}: ${report.runtimeError.message}`)
    for (const audit of Object.values(report.audits))
      if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        failures.push(`${route.path}: ${audit.title}`)
    if (scores.some((score) => score < 100)) failures.push(`${route.path}: below 100`)
  }
} finally {
  server.close()
  await rm(outDir, { recursive: true, force: true })
}
if (failures.length) {
  console.error(failures.map((failure) => `  ✗ ${failure}`).join('\n'))
  process.exit(1)
}
console.log('Every route scores 100 in SEO and best practices.')
