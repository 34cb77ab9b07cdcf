// Draws cards on a thread of their own (./draw-worker.ts), which keeps the renderer busy while
// this thread does other work.
import { Worker } from 'node:worker_threads'
import type { CardContent } from './card-template.ts'

export interface DrawRequest {
  id: number
  content: CardContent
}
export type DrawReply = { id: number; png: Uint8Array } | { id: number; error: string }

export type DrawThread = ReturnType<typeof startDrawThread>

export function startDrawThread() {
  const pending = new Map<number, { resolve: (png: Buffer) => void; reject: (e: Error) => void }>()
  let nextId = 0
  let failure: Error | undefined
  // A thread that stops takes its cards with it: fail them all rather than wait forever.
  const fail = (error: Error) => {
    failure ??= error
    for (const job of pending.values()) job.reject(failure)
    pending.clear()
  }
  const worker = new Worker(new URL('./draw-worker.mjs', import.meta.url))
  worker.on('message', (reply: DrawReply) => {
    const job = pending.get(reply.id)
    pending.delete(reply.id)
    if ('error' in reply) job?.reject(new Error(reply.error))
    else job?.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.length))
  })
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the drawing thread stopped (exit code ${code})`)))

  return {
    /** The card as a 1200×630 PNG; cards asked for together are drawn together. */
    draw(content: CardContent): Promise<Buffer> {
      if (failure) return Promise.reject(failure)
      const id = nextId++
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, content } satisfies DrawRequest)
      })
    },
    /** Stops the thread; cards not drawn yet fail. */
    async close() {
      fail(new Error('the drawing thread was stopped'))
      await worker.terminate()
    },
  }
}
