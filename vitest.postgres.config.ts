import { defineConfig } from 'vitest/config'
import { timeLimit } from './tests/harness/time-limit.ts'

// The PostgreSQL suite (tests/postgres/): what only a real PostgreSQL can tell, on Debian's
// server with pg_cron (tests/harness/postgres.ts). Each file starts its own throwaway cluster, so
// the files run one at a time: one server and its psql calls use one core.
export default defineConfig({
  test: {
    include: ['tests/postgres/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // initdb and the server's start take about a second on a quiet machine.
    testTimeout: timeLimit(30_000),
    hookTimeout: timeLimit(30_000),
  },
})
