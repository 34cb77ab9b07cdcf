// The build step: one card per route into dist/client/social-cards/, where the document head
// points (site/social-card-path.ts). Cards whose words and drawing (template, fonts, renderer:
// DRAWING_VERSION) are unchanged come from the cache; the rest are drawn on a thread of their own
// (./draw-thread.ts) and cached.
// Either way the card in dist/ is a hard link to the cached file (see FileCache.linkTo).
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { RouteEntry } from '../../../site/routes.ts'
import { socialCardPath } from '../../../site/social-card-path.ts'
import { cardCache, cardKey, DEFAULT_CACHE_DIR } from './card-cache.ts'
import { cardContent, DRAWING_VERSION } from './card-content.ts'

export interface SocialCardReport {
  drawn: number
  reused: number
  /** Wall time of the whole step. */
  ms: number
  /** Wall time per drawn card. */
  msPerDrawnCard: number
}

export async function writeSocialCards(
  clientDir: string,
  routes: RouteEntry[],
  site: { siteName: string; host: string },
  {
    cacheDir = DEFAULT_CACHE_DIR,
    signal,
    clientDirReady,
  }: {
    cacheDir?: string
    /** Stops the drawing thread; the cards not drawn yet fail. */
    signal?: AbortSignal
    /**
     * When clientDir may be written to. Cards are drawn into the cache at once, and put in
     * clientDir once it is ready: the client build empties it when it writes its own files.
     */
    clientDirReady?: Promise<unknown>
  } = {},
): Promise<SocialCardReport> {
  const started = performance.now()
  const cache = cardCache(cacheDir)
  const cards = routes.map((route) => {
    try {
      const content = cardContent({ title: route.title, ...route.card }, site)
      return { route, content, key: cardKey(content, DRAWING_VERSION) }
    } catch (error) {
      throw new Error(`${route.path}: ${(error as Error).message}`, { cause: error })
    }
  })
  const known = await Promise.all(cards.map((card) => cache.has(card.key)))
  const missing = cards.filter((_, index) => !known[index])

  // A build that failed while the cache was read draws nothing.
  signal?.throwIfAborted()
  const drawStarted = performance.now()
  // Loaded only when a card is drawn: most builds take every card from the cache.
  const thread = missing.length ? (await import('./draw-thread.ts')).startDrawThread() : undefined
  if (thread) signal?.addEventListener('abort', () => void thread.close(), { once: true })
  // Each card drawn goes to the cache, and is placed from there: no PNG waits for the folder.
  // Routes whose cards show the same words share one drawing.
  const drawn = new Map<string, Promise<void>>()
  for (const { key, content } of missing)
    if (!drawn.has(key))
      drawn.set(
        key,
        thread!.draw(content).then((png) => cache.put(key, png)),
      )
  let drawMs = 0
  const folders = new Map<string, Promise<unknown>>()
  const place = async ({ route, key }: (typeof cards)[number]) => {
    await drawn.get(key)
    await clientDirReady
    const file = path.join(clientDir, socialCardPath(route.path).slice(1))
    const folder = path.dirname(file)
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }))
    await folders.get(folder)
    if (!(await cache.linkTo(key, file)))
      throw new Error(
        `${route.path}: its social card left the cache (${cacheDir}) during the build`,
      )
  }
  try {
    await Promise.all([
      ...cards.map(place),
      Promise.all(drawn.values()).then(() => (drawMs = performance.now() - drawStarted)),
    ])
  } finally {
    await thread?.close()
  }
  return {
    drawn: drawn.size,
    reused: cards.length - missing.length,
    ms: performance.now() - started,
    msPerDrawnCard: drawn.size ? drawMs / drawn.size : 0,
  }
}
