// A full garbage collection, asked for by work that leaves much garbage at a known pace (the MDX
// compiler, ./mdx-compiler.ts). While a program allocates fast, V8 lets the heap grow to a few
// times what is alive before it collects: compiling 5,000 MDX bodies took the build's heap to
// 660 MB with 170 MB alive, and the build past 1.5 GB. Node has no API for this, so `gc` is
// reached the way Jest's leak detector does it: V8's flag set for a moment, the function taken
// from a fresh context, the flag put back.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

let gc: (() => void) | undefined

export function collectGarbage(): void {
  if (!gc) {
    const exposed = typeof globalThis.gc === 'function'
    setFlagsFromString('--expose-gc')
    gc = runInNewContext('gc') as () => void
    if (!exposed) setFlagsFromString('--no-expose-gc')
  }
  gc()
}
