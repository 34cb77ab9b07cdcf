// What a test's child process printed, for the error that says why it did not start. No test
// runner's import here: Vitest's helpers and Playwright's fixtures both read it.
import type { ChildProcess } from 'node:child_process'

/** Everything `child` prints, both streams in order of arrival, read as it grows. */
export function outputOf(child: ChildProcess): () => string {
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return () => output
}
