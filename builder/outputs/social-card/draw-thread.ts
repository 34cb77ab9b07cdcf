// Draws cards on a thread of their own (./draw-worker.ts), which keeps the renderer busy while
// this thread does other work.
import { Worker } from 'node:worker_threads'
import { workerCalls } from '../../worker-calls.ts'
import type { CardContent } from './card-template.ts'

export interface DrawRequest {
  id: number
  content: CardContent
}
export type DrawReply = { id: number; png: Uint8Array } | { id: number; error: string }

export function startDrawThread() {
  const worker = new Worker(new URL('./draw-worker.mjs', import.meta.url))
  const calls = workerCalls(worker, 'drawing thread')
  worker.on('message', (reply: DrawReply) =>
    calls.answer(
      reply.id,
      'error' in reply
        ? { error: new Error(reply.error) }
        : { result: Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.length) },
    ),
  )

  return {
    /** The card as a 1200×630 PNG; cards asked for together are drawn together. */
    draw: (content: CardContent) =>
      calls.call<Buffer>((id) => worker.postMessage({ id, content } satisfies DrawRequest)),
    /** Stops the thread; cards not drawn yet fail. */
    async close() {
      calls.fail(new Error('the drawing thread was stopped'))
      await worker.terminate()
    },
  }
}
