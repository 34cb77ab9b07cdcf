// One drawing thread of the pool (./draw-pool.ts): satori and resvg are CPU-bound, so cards are
// drawn on as many threads as the machine has cores.
import { parentPort } from 'node:worker_threads'
import type { CardContent } from './card-template.ts'
import { drawCard } from './draw-card.ts'

parentPort!.on('message', ({ id, content }: { id: number; content: CardContent }) => {
  drawCard(content, { sync: true }).then(
    (png) => parentPort!.postMessage({ id, png }, [png.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id, error: String(error) }),
  )
})
