import path from 'node:path'
import type { Plugin } from 'vite'
import { imageCacheDir } from '../../content/_lib/images.ts'
import { CONTENT_PLUGIN, type ContentApi } from '../../content/_lib/vite-plugin.ts'
import type { EntryData } from '../../content/config.ts'
import { resolveSiteUrl } from '../../renderer/site-origin.ts'
import { writeBuildHandoff } from './build-handoff.ts'
import { RENDER_THREAD } from './render-pages/render-pages.ts'
import { routeTableOf } from './routes.ts'
import { DEFAULT_CACHE_DIR } from './social-card/card-cache.ts'
import { writeSocialCards, type SocialCardReport } from './social-card/write-social-cards.ts'

/**
 * The server build's part of the build's own files. Each route's social card is drawn (or taken
 * from the cache) from the start of the server build, beside the content load and the bundling; at
 * its end, what the page render needs is handed over (./build-handoff.ts). The pages, the search
 * index, the feed, the sitemap and the hosting files are written by scripts/prerender.ts, in a
 * process of its own, once this one has ended (./build-artifacts.ts).
 */
export function buildArtifacts(): Plugin {
  let distDir = path.resolve('dist')
  let root = process.cwd()
  let supabaseUrl: string | undefined
  let socialCardCache = path.resolve(DEFAULT_CACHE_DIR)
  let content: ContentApi | undefined
  let cards: Promise<SocialCardReport> | undefined
  const stopCards = new AbortController()
  return {
    name: 'site:build-artifacts',
    apply: 'build',
    configResolved(config) {
      // Vike builds the client into <outDir>/client and the server into <outDir>/server.
      distDir = path.dirname(path.resolve(config.root, config.build.outDir))
      socialCardCache = path.resolve(config.root, DEFAULT_CACHE_DIR)
      root = config.root
      // The same value the browser code gets as import.meta.env (environment or .env files).
      supabaseUrl = (config.env.VITE_SUPABASE_URL as string | undefined) || undefined
      // The content the pages were rendered from, loaded once for the whole build.
      content = config.plugins.find((plugin) => plugin.name === CONTENT_PLUGIN)?.api as
        ContentApi | undefined
    },
    async buildStart() {
      if (this.environment?.name !== 'ssr') return
      if (!content) throw new Error(`site:build-artifacts needs the ${CONTENT_PLUGIN} plugin`)
      // The page render's thread, built with the app it renders (RENDER_THREAD).
      this.emitFile({ type: 'chunk', id: RENDER_THREAD.source, fileName: RENDER_THREAD.fileName })
      // The cards need only each entry's data: they are drawn while the MDX bodies are checked
      // and compiled, which is most of the content load.
      const entries = await content.dataChecked()
      // Content with problems stops the build where the content plugin reports them.
      if (!entries) return
      const site = entries.get('site')![0]!.data as EntryData<'site'>
      cards = writeSocialCards(
        path.join(distDir, 'client'),
        routeTableOf(entries),
        { siteName: site.name, host: new URL(resolveSiteUrl(site.url)).host },
        { cacheDir: socialCardCache, signal: stopCards.signal },
      )
      // Awaited in closeBundle; a failure before then must not go unhandled.
      cards.catch(() => undefined)
    },
    async buildEnd(error) {
      if (this.environment?.name !== 'ssr' || !error || !cards) return
      stopCards.abort()
      await cards.catch(() => undefined)
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (this.environment?.name !== 'ssr' || !cards) return
        const socialCards = await cards
        const perCard = socialCards.drawn
          ? `, ${socialCards.msPerDrawnCard.toFixed(0)} ms a card`
          : ''
        this.environment.logger.info(
          `social cards: ${socialCards.drawn} drawn, ${socialCards.reused} reused from cache (${(socialCards.ms / 1000).toFixed(2)} s${perCard})`,
        )
        const { entries } = await content!.load()
        await writeBuildHandoff(distDir, {
          // Vite sets it for the build when the environment does not.
          nodeEnv: process.env.NODE_ENV ?? 'production',
          entries,
          supabaseUrl,
          images: { variants: await content!.images(), cacheDir: imageCacheDir(root) },
        })
      },
    },
  }
}
