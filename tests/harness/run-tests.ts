// `npm test`: every check, in two stages that share the cores and never start more heavy
// processes (browsers, servers, builds, type checkers) than there are cores to serve them.
// Stage 1 checks the source beside the build; stage 2, once both passed, runs everything that
// needs the build. Each step asks for some of the cores and is told how many workers it may
// start (TEST_WORKERS, ./test-workers.ts); a step starts once that many are free, longest
// first, and a shorter one fills a core the next cannot use yet. Oversubscribing (four groups at
// once on two cores, load average 18-21) made every group slower than running them in turn.
//
// Each step prints its output whole, under its name, when it ends. The load average is sampled
// every 10 s and its highest is printed at the end, beside each step's result and time and each
// stage's CPU use (busy against idle: a stage near 100 % is cut by less work, not less
// waiting); for a step that failed, the lines that say why are repeated. A CI log is often read
// from its end (and some CI pages show only the end): the reason for a red run must be there,
// not 3,000 lines above it.
import { spawn } from 'node:child_process'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { failureLines } from './failure-lines.ts'
import { SITE_COPIES_PROJECT } from './unit-projects.ts'

const cores = availableParallelism()

interface Step {
  /** Its name in the log: the npm script it runs, unless it gives its `command`. */
  group: string
  command?: string[]
  /**
   * The cores it uses, one per heavy process (browser, server, build) it runs at once. It is
   * told them as TEST_WORKERS: a suite that runs its own server starts one browser fewer
   * (./test-workers.ts's browserWorkers), and a step that runs one process at a time asks 1.
   */
  cores: number
}

// Longest first in each stage. The build uses every core, and so does the end-to-end suite: one
// for its server, the others for browsers (./test-workers.ts's browserWorkers). In
// stage 2 the unit suite takes half the cores (one of two): the reliability suite waits on its
// servers' limits and its files' own processes, and beside it the unit suite, then the short
// groups, keep the other core busy; given both, the unit suite finished first and left one core
// idle while the reliability suite ran on. The unit suite's files that copy and build the site
// (./unit-projects.ts) are a step of their own, test:unit:sites: run within the unit step, they
// made it the longest of the stage on one core, while the other core, its short groups done,
// had nothing that fit. Each step asks a core per heavy process it runs at
// once, or the load average climbs past the cores: the dev suite runs a dev server beside its
// browser, the sub-path check a build on every core and then a server beside a browser, and the
// hosts step (tests/harness/test-hosts.ts) workerd and the local server beside the smoke check, with a
// build of 1,000 articles in between: two cores each. (Measurements: docs/performance.md.)
const STAGES: { name: string; steps: Step[] }[] = [
  {
    name: 'Stage 1, the source and the build',
    steps: [
      { group: 'build', cores },
      { group: 'test:postgres', cores: 1 },
      { group: 'lint', cores: 1 },
      { group: 'typecheck', cores: 1 },
      { group: 'test:deps', cores: 1 },
      { group: 'test:deno', cores: 1 },
      { group: 'check:content', cores: 1 },
      { group: 'setup:chromium', cores: 1 },
    ],
  },
  {
    name: 'Stage 2, what needs the build',
    steps: [
      { group: 'test:e2e', cores },
      {
        group: 'test:unit',
        command: ['npm', 'run', 'test:unit', '--', '--project', `!${SITE_COPIES_PROJECT}`],
        cores: Math.ceil(cores / 2),
      },
      { group: 'test:reliability', cores: 1 },
      {
        group: 'test:unit:sites',
        // Vitest alone: ShellCheck, which test:unit installs first, is for the workflow lint,
        // in the other step.
        command: ['npx', 'vitest', 'run', '--project', SITE_COPIES_PROJECT],
        cores: 1,
      },
      { group: 'test:hosts', cores: Math.min(2, cores) },
      { group: 'test:dev', cores: Math.min(2, cores) },
      { group: 'test:built', cores: 1 },
      { group: 'test:subpath', cores: Math.min(2, cores) },
    ],
  },
]

interface GroupResult {
  group: string
  code: number
  seconds: number
  output: string
}

const labelWidth = Math.max(
  ...STAGES.flatMap(({ steps }) => steps.map(({ group }) => group.length)),
)

/**
 * The thread pools of the tools a step runs, sized to its cores: each sizes its own to the
 * machine's. Rolldown and Oxc (Rust: Rayon, Tokio), esbuild (Go) and sharp (libvips) would
 * otherwise each add a thread per core to a step given one. The change report's and drafts'
 * tests (two builds each) on one core: 2.6 threads running or waiting on average with the
 * pools unsized, 1.9 with them sized, in the same time and CPU. Node's V8 helpers (garbage
 * collection, compilation) are 4 threads whatever the cores: the unit suite pinned to one core
 * took 147 core-s with them, 136 with one (2.3 threads running or waiting on average, then
 * 1.9; 2026-11-28). NODE_OPTIONS set by the caller are kept, before the pool size.
 */
const threadPools = (workers: number) => ({
  ...Object.fromEntries(
    [
      'RAYON_NUM_THREADS',
      'ROLLDOWN_WORKER_THREADS',
      'TOKIO_WORKER_THREADS',
      'GOMAXPROCS',
      'VIPS_CONCURRENCY',
    ].map((name) => [name, String(workers)]),
  ),
  NODE_OPTIONS: [process.env.NODE_OPTIONS, `--v8-pool-size=${workers}`].filter(Boolean).join(' '),
})

function runGroup({ group, command }: Step, workers: number): Promise<GroupResult> {
  const started = Date.now()
  const [program, ...args] = command ?? ['npm', 'run', group]
  return new Promise((resolve) => {
    const child = spawn(program!, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...threadPools(workers),
        TEST_WORKERS: String(workers),
        // Colours as in a terminal when this run has one, so the aggregated output reads the same.
        ...(process.stdout.isTTY && { FORCE_COLOR: '1' }),
      },
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const finish = (code: number) => {
      const label = `[${group.padEnd(labelWidth)}] `
      process.stdout.write(
        output
          .replace(/\n$/, '')
          .split('\n')
          .map((line) => label + line)
          .join('\n') + '\n',
      )
      resolve({ group, code, seconds: (Date.now() - started) / 1000, output })
    }
    child.on('error', (error) => {
      output += `\n${group} could not start: ${error.message}\n`
      finish(1)
    })
    child.on('close', (code, signal) => {
      if (signal) output += `\n${group} ended by ${signal}\n`
      finish(code ?? 1)
    })
  })
}

/** 239.6 s is "4 min 00 s": rounded to the second first, so it never reads "3 min 60 s". */
function minutes(seconds: number) {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`
}

/**
 * The steps running now, and when each that ended did: the load average is an average over the
 * last minute, so its highest is printed with every step that ran in that minute.
 */
const running = new Set<string>()
const ended = new Map<string, number>()
let highestLoad = { value: loadavg()[0]!, during: [] as string[] }
const sampler = setInterval(() => {
  const value = loadavg()[0]!
  if (value <= highestLoad.value) return
  const minuteAgo = Date.now() - 60_000
  const recent = [...ended].filter(([, at]) => at > minuteAgo).map(([group]) => group)
  highestLoad = { value, during: [...recent, ...running] }
}, 10_000)

/** Runs the steps, as many at once as their cores allow; resolves with every result. */
async function runStage(steps: Step[]): Promise<GroupResult[]> {
  const results: GroupResult[] = []
  const waiting = [...steps]
  let free = cores
  await new Promise<void>((allDone) => {
    const startWhatFits = () => {
      for (let index = 0; index < waiting.length;) {
        const next = waiting[index]!
        if (next.cores > free) {
          index++
          continue
        }
        waiting.splice(index, 1)
        free -= next.cores
        running.add(next.group)
        void runGroup(next, next.cores).then((result) => {
          results.push(result)
          free += next.cores
          running.delete(next.group)
          ended.set(next.group, Date.now())
          startWhatFits()
          if (!running.size && !waiting.length) allDone()
        })
      }
    }
    startWhatFits()
  })
  const order = steps.map(({ group }) => group)
  return results.sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group))
}

/**
 * The machine's CPU time so far, busy and idle, in core-seconds: over a stage, whether it was
 * bound by the CPU (what to cut is work) or by waiting (what to cut is a wait).
 */
function cpuTime() {
  let busy = 0
  let idle = 0
  for (const { times } of cpus()) {
    busy += times.user + times.nice + times.sys + times.irq
    idle += times.idle
  }
  return { busy: busy / 1000, idle: idle / 1000 }
}

const results: GroupResult[] = []
const stageUse: string[] = []
for (const { name, steps } of STAGES) {
  console.log(
    `${name}: ${steps.map(({ group, cores: uses }) => `${group} (${uses})`).join(', ')}; at most ${cores} core${cores > 1 ? 's' : ''} busy`,
  )
  const [before, started] = [cpuTime(), Date.now()]
  const stage = await runStage(steps)
  const after = cpuTime()
  const busy = after.busy - before.busy
  const all = busy + after.idle - before.idle
  stageUse.push(
    `  ${name}: ${minutes((Date.now() - started) / 1000)}, the machine's ${cpus().length} CPUs busy ${Math.round(busy)} of ${Math.round(all)} core-s (${Math.round((100 * busy) / all)} %)`,
  )
  results.push(...stage)
  if (stage.some((result) => result.code !== 0)) break
}
clearInterval(sampler)

console.log(
  `\nSummary (highest load average: ${highestLoad.value.toFixed(1)} on ${cores} core${cores > 1 ? 's' : ''}${highestLoad.during.length ? `, in a minute when ${highestLoad.during.join(', ')} ran` : ''}):`,
)
for (const { group, code, seconds } of results)
  console.log(
    `  ${code === 0 ? '✓' : '✗'} ${group.padEnd(labelWidth)}  ${minutes(seconds)}${code ? `  (exit ${code})` : ''}`,
  )
console.log(stageUse.join('\n'))
const failed = results.filter((result) => result.code !== 0)
for (const { group, output } of failed)
  console.log(
    `\nWhy ${group} failed:\n${failureLines(output)
      .map((line) => `  ${line}`)
      .join('\n')}`,
  )
process.exit(failed.length ? 1 : 0)
