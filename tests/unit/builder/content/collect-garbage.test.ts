// The MDX compiler's full collection (builder/content/collect-garbage.ts): it must collect for real,
// and leave V8's `gc` hidden from code that did not ask for it.
import { runInNewContext } from 'node:vm'
import { expect, it } from 'vitest'
import { collectGarbage } from '../../../../builder/content/collect-garbage.ts'

it('collects an object nothing holds any more, and leaves gc hidden', async () => {
  const exposedBefore = runInNewContext('typeof gc') as string
  let value: number[] | undefined = Array.from({ length: 100_000 }, (_, index) => index)
  const ref = new WeakRef(value)
  value = undefined
  // A WeakRef keeps its target alive until the job that made it ends.
  await new Promise((resolve) => setTimeout(resolve, 0))
  collectGarbage()
  expect(ref.deref()).toBeUndefined()
  expect(runInNewContext('typeof gc')).toBe(exposedBefore)
})
