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

// Two waves. The dev-server and sub-path suites (a dev server over a copy of the site, a second
// build under a sub-path) come after the first: run beside it, six groups overloaded two cores
// until servers met the limits meant to catch a hang.
const WAVES = [
  ['test:e2e', 'test:unit', 'test:built', 'test:reliability'],
  ['test:dev', 'test:subpath'],
]

interface GroupResult {
  group: string
  code: number
  seconds: number
  output: string
}

const labelWidth = Math.max(...WAVES.flat().map((group) => group.length))

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
const results: GroupResult[] = []
for (const [index, groups] of WAVES.entries()) {
  console.log(
    `Stage 2${WAVES.length > 1 ? `, wave ${index + 1} of ${WAVES.length}` : ''}: ${groups.join(', ')} ${cores > 1 ? 'side by side' : 'one after another'} (${cores} core${cores > 1 ? 's' : ''} available)`,
  )
  if (cores > 1) results.push(...(await Promise.all(groups.map(runGroup))))
  else for (const group of groups) results.push(await runGroup(group))
}

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
