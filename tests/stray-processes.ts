// Servers a test file starts end with the file, whatever happened to the test. A test
// stopped at its time limit is abandoned, not finished: its `finally` may never run, and on a
// busy day a server left so (a dev server, `serve.ts` on its own database) went on using a core
// for the next 12 min, slowing the run beside it into more time limits.
import type { ChildProcess } from 'node:child_process'
import { afterAll } from 'vitest'

const running = new Set<ChildProcess>()

// Registered on the suite of the test file importing this (Vitest collects the file's imports
// with it), so it runs when that file's tests have ended, passed, failed or timed out.
afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
})

/** Kills `child` when this test file ends, if it is still running then; answers it. */
export function endsWithTheFile<T extends ChildProcess>(child: T): T {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}
