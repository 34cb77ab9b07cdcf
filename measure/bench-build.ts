// `npm run bench:build -- N [runs]`: how the real build scales with content. Copies the site to
// a temporary folder, adds N generated articles (measure/lib/bench-articles.ts), and runs the
// real `npm run build` there `runs` times (default 2): the first with empty build caches
// (pictures, and whatever else the build caches in node_modules/.cache), the next ones warm.
// Prints wall time, pages per second and peak memory (the whole process tree's resident set).
import { execFile, spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { benchInputs, writeBenchArticles } from './lib/bench-articles.ts'

const root = path.resolve(import.meta.dirname, '..')
const execFileAsync = promisify(execFile)
const NOT_COPIED = new Set([
  'node_modules',
  'hosts',
  'dist',
  'tests',
  'reports',
  'test-results',
  'playwright-report',
])

const flags = process.argv.slice(2).filter((argument) => argument.startsWith('--'))
const [countArgument = '1000', runsArgument = '2'] = process.argv
  .slice(2)
  .filter((argument) => !argument.startsWith('--'))
// --keep leaves the copy in place, to profile its build by hand (`node --cpu-prof …`).
const keep = flags.includes('--keep')
const count = Number(countArgument)
const runs = Number(runsArgument)
if (!Number.isInteger(count) || count < 0 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run bench:build -- <articles, e.g. 1000> [runs, default 2] [--keep]')
  process.exit(2)
}

/** The site and its real content, with `count` generated articles, in a fresh folder. */
async function prepareCopy(): Promise<string> {
  const inputs = await benchInputs(root)
  const copy = await mkdtemp(path.join(tmpdir(), 'bench-build-'))
  for (const entry of await readdir(root))
    if (!NOT_COPIED.has(entry) && !entry.startsWith('.git'))
      await cp(path.join(root, entry), path.join(copy, entry), { recursive: true })
  // The installed packages, linked one by one, so that node_modules/.cache is the copy's own.
  await mkdir(path.join(copy, 'node_modules'))
  for (const entry of await readdir(path.join(root, 'node_modules')))
    if (entry !== '.cache' && entry !== '.vite')
      await symlink(path.join(root, 'node_modules', entry), path.join(copy, 'node_modules', entry))
  await writeBenchArticles(copy, count, inputs)
  return copy
}

/** Sum of the resident memory of `pid` and its descendants, in bytes. */
async function treeRss(pid: number): Promise<number> {
  const { stdout } = await execFileAsync('ps', ['-e', '-o', 'pid=,ppid=,rss='])
  const rows = stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number])
  const tree = new Set([pid])
  for (let grew = true; grew;) {
    grew = false
    for (const [child, parent] of rows)
      if (tree.has(parent) && !tree.has(child)) {
        tree.add(child)
        grew = true
      }
  }
  return rows.filter(([child]) => tree.has(child)).reduce((sum, [, , rss]) => sum + rss * 1024, 0)
}

async function build(copy: string): Promise<{ seconds: number; peak: number; pages: number }> {
  const started = performance.now()
  const child = spawn('npm', ['run', 'build'], { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let peak = 0
  const sampler = setInterval(() => {
    treeRss(child.pid!).then(
      (rss) => (peak = Math.max(peak, rss)),
      () => undefined,
    )
  }, 250)
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000
  if (code !== 0) throw new Error(`the build failed (exit ${code}):\n${output.slice(-4000)}`)
  const files = await readdir(path.join(copy, 'dist/client'), { recursive: true })
  const pages = files.filter((file) => String(file).endsWith('index.html')).length
  return { seconds, peak, pages }
}

const copy = await prepareCopy()
console.log(`bench:build: ${count} generated articles in ${copy}`)
const rows: string[] = []
try {
  for (let run = 1; run <= runs; run++) {
    if (run > 1) await rm(path.join(copy, 'dist'), { recursive: true, force: true })
    const { seconds, peak, pages } = await build(copy)
    rows.push(
      `| ${count} | ${run === 1 ? 'cold caches' : 'warm caches'} | ${pages} | ${seconds.toFixed(1)} s | ${(pages / seconds).toFixed(1)} | ${Math.round(peak / 1024 / 1024)} MB |`,
    )
    console.log(rows.at(-1))
  }
} finally {
  if (keep) console.log(`kept ${copy}`)
  else await rm(copy, { recursive: true, force: true })
}
console.log(
  [
    '',
    '| articles added | run | pages | wall time | pages/s | peak memory |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n'),
)
