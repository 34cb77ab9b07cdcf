// Which machine a measurement ran on, and how busy it was: a bench's figures mean little
// without it. Ratios to a reference measured in the same run absorb most of the machine's
// noise; the load average says how much there was to absorb.
import { execFileSync } from 'node:child_process'
import { cpus, loadavg } from 'node:os'
import { chromiumPath } from '../../tests/harness/chromium.ts'

export interface Machine {
  cpu: string
  cores: number
  node: string
  chromium: string
  /** The 1-, 5- and 15-minute load averages when it was read. */
  load: number[]
}

export function describeMachine(): Machine {
  const browser = chromiumPath()
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    chromium: browser
      ? execFileSync(browser, ['--version'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim()
      : 'no Chromium found',
    load: loadavg().map((value) => Math.round(value * 100) / 100),
  }
}

export const machineLine = (machine: Machine) =>
  `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.chromium}`

export const loadLine = (load: number[]) => load.map((value) => value.toFixed(2)).join(' / ')
