// Islands are the default exports of components/**/*.island.tsx. Server and client both derive
// an island's name from its file path, so the HTML marker and the lazy loader always agree.
const ISLAND_GLOB_PREFIX = '/components/'
const ISLAND_GLOB_SUFFIX = '.island.tsx'

export function islandName(modulePath: string): string {
  return modulePath.slice(ISLAND_GLOB_PREFIX.length, -ISLAND_GLOB_SUFFIX.length)
}

/**
 * When an island's JavaScript loads: at once, when the browser is idle, when scrolled near, or
 * only when a visitor reaches for it (pointer, focus, touch). Whatever the strategy, reaching
 * for an island starts it at once, and what was typed or pressed before is kept.
 */
export type HydrateOn = 'load' | 'idle' | 'visible' | 'interaction'
