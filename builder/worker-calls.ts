// Calls to a worker thread that answers each by its id: the drawing thread's
// (outputs/social-card/draw-thread.ts). A thread that
// stops (an error, an exit) fails every call still waiting and every call after, rather than
// leave the build waiting forever.
import type { Worker } from 'node:worker_threads'

export function workerCalls(worker: Worker, threadName: string) {
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >()
  let nextId = 0
  let failure: Error | undefined
  const fail = (error: Error) => {
    failure ??= error
    for (const { reject } of waiting.values()) reject(failure)
    waiting.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the ${threadName} stopped (exit code ${code})`)))

  return {
    /** Why the thread takes no more calls, once it does not. */
    get failure() {
      return failure
    },
    /** Fails every call waiting and every call after with `error` (the first one given). */
    fail,
    /** Makes a call: `send` posts it with the id its answer will carry. */
    call<T>(send: (id: number) => void): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        if (failure) return reject(failure)
        const id = nextId++
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
        send(id)
      })
    },
    /** The thread's answer to call `id`: its result, or the error it failed with. */
    answer(id: number, { result, error }: { result?: unknown; error?: Error }) {
      const call = waiting.get(id)
      waiting.delete(id)
      if (error !== undefined) call?.reject(error)
      else call?.resolve(result)
    },
  }
}
