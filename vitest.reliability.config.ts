import { defineConfig } from 'vitest/config'
import { testWorkers } from './tests/harness/test-workers.ts'
import { timeLimit } from './tests/harness/time-limit.ts'

// The reliability suite: the real server and the contact function under hostile requests,
// damaged data folders and start races (issue 38). Each test starts its own processes on
// 127.0.0.1 with a free port and a temporary data folder, and removes them when it ends.
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    // The empty database the servers that are not about a first start copy.
    globalSetup: ['tests/reliability/template-data-folder.ts'],
    environment: 'node',
    // A time-out catches a hang, not slowness: these tests start servers on a 2-core machine.
    testTimeout: timeLimit(60_000),
    hookTimeout: timeLimit(60_000),
    // Each file starts servers and commands of its own: one file per core this suite may use
    // (./tests/harness/test-workers.ts), so that its processes never outnumber the cores.
    fileParallelism: true,
    maxWorkers: testWorkers(),
  },
})
