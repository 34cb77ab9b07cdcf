// Stage 2 of `npm test`: everything that needs the build. With two or more cores the groups run
// side by side (much of their time is spent waiting for a browser, a server or a page left
// alone); on one core they run one after another, so that no group's servers and browsers wait
// behind three others' and reach a time limit meant to catch a hang. Every group runs and
// prints its output whole, under its name, when it ends, whatever another one did.
//
// The run ends with a summary: each group's result and time, and for a group that failed the
// lines that say why, repeated. A CI log is often read from its end (and some CI pages show
// only the end): the reason for a red run must be there, not 3,000 lines above it.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { failureLines } from './lib/failure-lines.ts'

// The groups, longest first. At most four run at once: the dev-server and sub-path suites (a
// dev server over a copy of the site, a second build under a sub-path) start when an earlier
// group ends, so they use the time the short groups leave instead of waiting for the longest.
// Six at once overloaded two cores until servers met the limits meant to catch a hang.
const GROUPS = [
  'test:e2e',
  'test:unit',
  'test:reliability',
  'test:built',
  'test:dev',
  'test:subpath',
]
const AT_ONCE = 4

interface GroupResult {
  group: string
  code: number
  seconds: number
  output: string
}

const labelWidth = Math.max(...GROUPS.map((group) => group.length))

function runGroup(group: string): Promise<GroupResult> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', group], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // Colours as in a terminal when this run has one, so the aggregated output reads the same.
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
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

const cores = availableParallelism()
const slots = cores > 1 ? AT_ONCE : 1
console.log(
  `Stage 2: ${GROUPS.join(', ')}, ${slots > 1 ? `${slots} at a time` : 'one after another'} (${cores} core${cores > 1 ? 's' : ''} available)`,
)
const results: GroupResult[] = []
const queue = [...GROUPS]
await Promise.all(
  Array.from({ length: slots }, async () => {
    for (let group = queue.shift(); group; group = queue.shift())
      results.push(await runGroup(group))
  }),
)
results.sort((a, b) => GROUPS.indexOf(a.group) - GROUPS.indexOf(b.group))

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, '0')} s`
console.log('\nStage 2 summary:')
for (const { group, code, seconds } of results)
  console.log(
    `  ${code === 0 ? '✓' : '✗'} ${group.padEnd(labelWidth)}  ${minutes(seconds)}${code ? `  (exit ${code})` : ''}`,
  )
const failed = results.filter((result) => result.code !== 0)
for (const { group, output } of failed)
  console.log(
    `\nWhy ${group} failed:\n${failureLines(output)
      .map((line) => `  ${line}`)
      .join('\n')}`,
  )
process.exit(failed.length ? 1 : 0)
