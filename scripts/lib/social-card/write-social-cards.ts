// The build step: one card per route into dist/client/social-cards/, where the document head
// points (renderer/social-card-path.ts). Cards whose words, template and fonts are unchanged come
// from the cache; the rest are drawn, on worker threads when there are many.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { RouteEntry } from '../../../content/routes.ts'
import { socialCardPath } from '../../../renderer/social-card-path.ts'
import { cardCache, cardKey, DEFAULT_CACHE_DIR } from './card-cache.ts'
import type { CardContent } from './card-template.ts'
import { cardContent, DRAWING_VERSION } from './card-content.ts'
import { createDrawPool } from './draw-pool.ts'

/** Below this many cards to draw, starting threads costs more than it saves. */
const POOL_THRESHOLD = 64

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
    /** Stops the drawing threads; the cards not drawn yet fail. */
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

  const missing: typeof cards = []
  await Promise.all(
    cards.map(async (card) => {
      const png = await cache.get(card.key)
      if (png) await writeCard(clientDir, card.route.path, png)
      else missing.push(card)
    }),
  )

  // A build that failed while the cache was read draws nothing.
  signal?.throwIfAborted()
  const drawStarted = performance.now()
  const pool = missing.length >= POOL_THRESHOLD ? createDrawPool() : undefined
  signal?.addEventListener('abort', () => void pool?.close(), { once: true })
  // Loaded only when a card is drawn here: most builds take every card from the cache.
  const drawHere = !pool && missing.length ? (await import('./draw-card.ts')).drawCard : undefined
  const draw = (content: CardContent) => (pool ? pool.draw(content) : drawHere!(content))
  try {
    await Promise.all(
      missing.map(async (card) => {
        const png = await draw(card.content)
        await cache.put(card.key, png)
        await writeCard(clientDir, card.route.path, png)
      }),
    )
  } finally {
    await pool?.close()
  }
  const drawMs = performance.now() - drawStarted
  return {
    drawn: missing.length,
    reused: cards.length - missing.length,
    ms: performance.now() - started,
    msPerDrawnCard: missing.length ? drawMs / missing.length : 0,
  }
}

async function writeCard(clientDir: string, pagePath: string, png: Buffer) {
  const file = path.join(clientDir, socialCardPath(pagePath).slice(1))
  await mkdir(path.dirname(file), { recursive: true })
  await writeFile(file, png)
}
