// What a GitHub Actions step is given through its environment, and the two files it writes
// back: the job summary (Markdown shown on the run's page) and the step's outputs.
// https://docs.github.com/actions/reference/workflows-and-actions/variables
import { randomUUID } from 'node:crypto'
import { appendFile } from 'node:fs/promises'

export interface ActionsEnv {
  /** The REST API's root: api.github.com, or a GitHub Enterprise server's (and a test's fake). */
  apiUrl: string
  /** `https://github.com`, for links to the run. */
  serverUrl: string
  /** `owner/name` */
  repository: string
  runId: string
  eventName: string
  eventPath: string
  /** The job's token, passed to the step as GITHUB_TOKEN (`${{ github.token }}`). */
  token: string
  summaryFile?: string
  outputFile?: string
}

const REQUIRED = [
  'GITHUB_REPOSITORY',
  'GITHUB_RUN_ID',
  'GITHUB_EVENT_NAME',
  'GITHUB_EVENT_PATH',
  'GITHUB_TOKEN',
] as const

export function readActionsEnv(env: NodeJS.ProcessEnv = process.env): ActionsEnv {
  const missing = REQUIRED.filter((name) => !env[name])
  if (missing.length)
    throw new Error(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: this command runs in a GitHub Actions step (GITHUB_TOKEN: \${{ github.token }} in its env).`,
    )
  return {
    apiUrl: env.GITHUB_API_URL || 'https://api.github.com',
    serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
    repository: env.GITHUB_REPOSITORY!,
    runId: env.GITHUB_RUN_ID!,
    eventName: env.GITHUB_EVENT_NAME!,
    eventPath: env.GITHUB_EVENT_PATH!,
    token: env.GITHUB_TOKEN!,
    summaryFile: env.GITHUB_STEP_SUMMARY || undefined,
    outputFile: env.GITHUB_OUTPUT || undefined,
  }
}

/** The page of this workflow run, where its summaries and artifacts are. */
export const runUrl = (env: ActionsEnv) =>
  `${env.serverUrl}/${env.repository}/actions/runs/${env.runId}`

/** Adds Markdown to the job's summary; outside Actions (no file) it is dropped. */
export async function appendSummary(env: ActionsEnv, markdown: string): Promise<void> {
  if (env.summaryFile) await appendFile(env.summaryFile, `${markdown.trimEnd()}\n\n`)
}

/** Sets a step output (`steps.<id>.outputs.<name>`), any value, newlines included. */
export async function setOutput(env: ActionsEnv, name: string, value: string): Promise<void> {
  if (!env.outputFile) return
  const delimiter = `EOF_${randomUUID()}`
  await appendFile(env.outputFile, `${name}<<${delimiter}\n${value}\n${delimiter}\n`)
}
