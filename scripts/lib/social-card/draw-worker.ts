// One drawing thread of the pool (./draw-pool.ts): satori and resvg are CPU-bound, so cards are
// drawn on as many threads as the machine has cores.
import { parentPort } from 'node:worker_threads'
import sharp from 'sharp'
import type { CardContent } from './card-template.ts'
import { drawCard } from './draw-card.ts'

// The pool already runs one thread per core: libvips's own threads per worker would only
// contend with them (about 3 s less CPU over 1,290 cards with one).
sharp.concurrency(1)

parentPort!.on('message', ({ id, content }: { id: number; content: CardContent }) => {
  drawCard(content, { sync: true }).then(
    (png) => parentPort!.postMessage({ id, png }, [png.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id, error: String(error) }),
  )
})
