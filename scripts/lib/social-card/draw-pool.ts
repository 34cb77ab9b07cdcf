// Draws many cards at once on worker threads, one per core (satori and resvg are CPU-bound).
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { CardContent } from './card-template.ts'

interface Pending {
  resolve: (png: Buffer) => void
  reject: (error: Error) => void
}

export interface DrawPool {
  draw(content: CardContent): Promise<Buffer>
  close(): Promise<void>
}

export function createDrawPool(size = availableParallelism()): DrawPool {
  const pending = new Map<number, Pending>()
  const queue: { id: number; content: CardContent }[] = []
  const idle: Worker[] = []
  let nextId = 0
  let failure: Error | undefined

  const dispatch = () => {
    while (idle.length && queue.length) idle.pop()!.postMessage(queue.shift())
  }
  const workers = Array.from({ length: Math.max(1, size) }, () => {
    const worker = new Worker(new URL('./draw-worker.mjs', import.meta.url))
    worker.on('message', (message: { id: number; png?: Uint8Array; error?: string }) => {
      const job = pending.get(message.id)!
      pending.delete(message.id)
      if (message.error) job.reject(new Error(message.error))
      else
        job.resolve(Buffer.from(message.png!.buffer, message.png!.byteOffset, message.png!.length))
      idle.push(worker)
      dispatch()
    })
    // A thread that dies takes its cards with it: fail them all rather than wait forever.
    worker.on('error', (error) => {
      failure = error
      for (const job of pending.values()) job.reject(error)
      pending.clear()
    })
    idle.push(worker)
    return worker
  })

  return {
    draw(content) {
      if (failure) return Promise.reject(failure)
      const id = nextId++
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        queue.push({ id, content })
        dispatch()
      })
    },
    async close() {
      // Cards still waiting (queued ones included) fail rather than wait forever.
      failure ??= new Error('the drawing threads were stopped')
      queue.length = 0
      await Promise.all(workers.map((worker) => worker.terminate()))
      for (const job of pending.values()) job.reject(failure)
      pending.clear()
    },
  }
}
