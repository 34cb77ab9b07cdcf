import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { timeLimit } from './tools/lib/time-limit.ts'

// The reliability suite: the real server and the contact function under hostile requests,
// damaged data folders and start races (issue 38). Each test starts its own processes on
// 127.0.0.1 with a free port and a temporary data folder, and removes them when it ends.
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    environment: 'node',
    // A time-out catches a hang, not slowness: these tests start servers on a 2-core machine.
    testTimeout: timeLimit(60_000),
    hookTimeout: timeLimit(60_000),
    // The files spend most of their time waiting for the servers and commands they start, so
    // two run per core (four at most); more on one core and their servers' starts queue up.
    fileParallelism: true,
    maxWorkers: Math.min(4, 2 * availableParallelism()),
  },
})
