// The build step: one card per route into dist/client/social-cards/, where the document head
// points (renderer/social-card-path.ts). Cards whose words and drawing (template, fonts, renderer:
// DRAWING_VERSION) are unchanged come from the cache; the rest are drawn on a thread of their own
// (./draw-thread.ts) and cached.
// Either way the card in dist/ is a hard link to the cached file (see FileCache.linkTo).
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { RouteEntry } from '../../../content/routes.ts'
import { socialCardPath } from '../../../renderer/social-card-path.ts'
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
  }: {
    cacheDir?: string
    /** Stops the drawing thread; the cards not drawn yet fail. */
    signal?: AbortSignal
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

  const folders = new Map<string, Promise<unknown>>()
  const cardFile = async (pagePath: string) => {
    const file = path.join(clientDir, socialCardPath(pagePath).slice(1))
    const folder = path.dirname(file)
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }))
    await folders.get(folder)
    return file
  }
  const missing: ((typeof cards)[number] & { file: string })[] = []
  await Promise.all(
    cards.map(async (card) => {
      const file = await cardFile(card.route.path)
      if (!(await cache.linkTo(card.key, file))) missing.push({ ...card, file })
    }),
  )

  // A build that failed while the cache was read draws nothing.
  signal?.throwIfAborted()
  const drawStarted = performance.now()
  if (missing.length) {
    // Loaded only when a card is drawn: most builds take every card from the cache.
    const { startDrawThread } = await import('./draw-thread.ts')
    const thread = startDrawThread()
    signal?.addEventListener('abort', () => void thread.close(), { once: true })
    try {
      await Promise.all(
        missing.map(async (card) => {
          const png = await thread.draw(card.content)
          await cache.put(card.key, png)
          if (!(await cache.linkTo(card.key, card.file))) await writeFile(card.file, png)
        }),
      )
    } finally {
      await thread.close()
    }
  }
  const drawMs = performance.now() - drawStarted
  return {
    drawn: missing.length,
    reused: cards.length - missing.length,
    ms: performance.now() - started,
    msPerDrawnCard: missing.length ? drawMs / missing.length : 0,
  }
}
