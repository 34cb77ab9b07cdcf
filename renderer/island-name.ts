// Islands are the default exports of components/**/*.island.tsx. Server and client both derive
// an island's name from its file path, so the HTML marker and the lazy loader always agree.
/** Both globs of islands (renderer/Island.tsx, renderer/start-islands.ts) are relative to this. */
export const ISLAND_GLOB_BASE = '/components/'
// ... so their keys read './nav/NavMenu.island.tsx': shorter in the page script.
export const ISLAND_GLOB_PREFIX = './'
export const ISLAND_GLOB_SUFFIX = '.island.tsx'

export function islandName(modulePath: string): string {
  return modulePath.slice(ISLAND_GLOB_PREFIX.length, -ISLAND_GLOB_SUFFIX.length)
}

/** The module path of the island with this name: the inverse of islandName. */
export const islandFile = (name: string) => ISLAND_GLOB_PREFIX + name + ISLAND_GLOB_SUFFIX

/**
 * When an island's JavaScript loads: at once, when the browser is idle, when scrolled near, or
 * only when a visitor reaches for it (pointer, focus, touch). Whatever the strategy, reaching
 * for an island starts it at once, and what was typed or pressed before is kept.
 */
export type HydrateOn = 'load' | 'idle' | 'visible' | 'interaction'

/** Strategies that start an island with no visitor action: what a page fetches before any. */
export const STARTS_UNPROMPTED: readonly HydrateOn[] = ['load', 'idle']
