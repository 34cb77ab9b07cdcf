// The drawing thread (./draw-thread.ts). It takes every card to draw and keeps one per core in
// the renderer at a time. On the build's own thread, a finished card waited for the next turn of
// an event loop busy with the content load, and the renderer ran dry; this loop has nothing else
// to do.
import { availableParallelism } from 'node:os'
import { parentPort } from 'node:worker_threads'
import { drawCard } from './draw-card.ts'
import type { DrawReply, DrawRequest } from './draw-thread.ts'

const LANES = availableParallelism()
const queue: DrawRequest[] = []
let drawing = 0

const reply = (message: DrawReply) => parentPort!.postMessage(message)

function next() {
  while (drawing < LANES && queue.length) {
    const { id, content } = queue.shift()!
    drawing++
    drawCard(content)
      .then(
        (png) => reply({ id, png }),
        (error: unknown) =>
          reply({ id, error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        drawing--
        next()
      })
  }
}

parentPort!.on('message', (request: DrawRequest) => {
  queue.push(request)
  next()
})
