// The thread's entry: Node runs no TypeScript by itself, so this registers tsx (as the build
// itself runs from source) and loads the thread.
import { register } from 'tsx/esm/api'

register()
await import('./draw-worker.ts')
