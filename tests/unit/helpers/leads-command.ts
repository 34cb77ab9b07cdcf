// `npm run leads` as a person runs it: its script in a Node process of its own, from the project's
// root, with exactly the environment the test gives (so a developer's own settings never leak in).
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '../../..')

/** The command's exit code and output for `args` (--retry, --remote, …); it never throws. */
export function leadsCommand(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', ...args], {
    cwd: root,
    env,
  }).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}
