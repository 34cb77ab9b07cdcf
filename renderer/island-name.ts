// Islands are the default exports of components/**/*.island.tsx. Server and client both derive
// an island's name from its file path, so the HTML marker and the lazy loader always agree.
const ISLAND_GLOB_PREFIX = '/components/'
const ISLAND_GLOB_SUFFIX = '.island.tsx'

export function islandName(modulePath: string): string {
  return modulePath.slice(ISLAND_GLOB_PREFIX.length, -ISLAND_GLOB_SUFFIX.length)
}

/** When an island's JavaScript loads: at once, when the browser is idle, or when scrolled near. */
export type HydrateOn = 'load' | 'idle' | 'visible'
