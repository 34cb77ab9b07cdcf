// `npm run check:content` as a writer runs it: its script in a Node process of its own, from the
// project's root, with no GitHub annotations unless a test asks for them.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '../../..')

/** The check's exit code and output for `args` (a project folder, flags); it never throws. */
export function checkContentCommand(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/check-content.ts', ...args],
    { cwd: root, env: { ...process.env, GITHUB_ACTIONS: '', ...env } },
  ).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}
