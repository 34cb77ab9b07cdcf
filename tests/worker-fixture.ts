// One shape for the Playwright worker fixtures that start a server for the worker's tests and
// stop it when the worker ends: the end-to-end suite's fake GitHubs (tests/fake-github/repo.ts's
// workerFake) and the dev suite's dev server (tests/dev/dev-site.ts).
import type { WorkerFixture } from '@playwright/test'

/**
 * A worker fixture: `start`'s value for every test of the worker, then `stop` on it when the
 * worker ends, also after a failed test. `timeout` bounds the start and the stop together.
 */
export function workerFixture<Value>(
  start: () => Promise<Value>,
  stop: (value: Value) => Promise<void>,
  options: { timeout?: number } = {},
): [WorkerFixture<Value, object>, { scope: 'worker'; timeout?: number }] {
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from this argument
    async ({}, provide) => {
      const value = await start()
      try {
        await provide(value)
      } finally {
        await stop(value)
      }
    },
    { scope: 'worker', ...options },
  ]
}
