import path from 'node:path'
import type { Plugin } from 'vite'
import { imageCacheDir } from '../../content/_lib/images.ts'
import { CONTENT_PLUGIN, type ContentApi } from '../../content/_lib/vite-plugin.ts'
import { listenForPrerenderedPages } from '../../renderer/prerendered-pages.ts'
import { startBuildArtifacts } from './build-artifacts.ts'
import { DEFAULT_CACHE_DIR } from './social-card/card-cache.ts'

/**
 * The sitemap, robots.txt, manifest, feed, search index, social cards and hosting headers. The
 * cards and the search index start with the server build and take each page as Vike prerenders
 * it; the rest is written after the server build, when Vike has written every page into
 * dist/client (it does so in the server build's writeBundle).
 */
export function buildArtifacts(): Plugin {
  let distDir = path.resolve('dist')
  let root = process.cwd()
  let supabaseUrl: string | undefined
  let socialCardCache = path.resolve(DEFAULT_CACHE_DIR)
  let content: ContentApi | undefined
  let started: ReturnType<typeof startBuildArtifacts> | undefined
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
      const result = await content.load()
      // Content with problems stops the build where the content plugin reports them.
      if (result.errors.length) return
      started = startBuildArtifacts(distDir, result, { supabaseUrl, socialCardCache })
      const artifacts = await started
      listenForPrerenderedPages(artifacts.prerender)
    },
    async buildEnd(error) {
      if (this.environment?.name !== 'ssr' || !error || !started) return
      listenForPrerenderedPages(undefined)
      await (await started).abort()
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (this.environment?.name !== 'ssr' || !started) return
        listenForPrerenderedPages(undefined)
        const artifacts = await started
        const { socialCards } = await artifacts.finish({
          variants: await content!.images(),
          cacheDir: imageCacheDir(root),
        })
        const perCard = socialCards.drawn
          ? `, ${socialCards.msPerDrawnCard.toFixed(0)} ms a card`
          : ''
        this.environment.logger.info(
          `social cards: ${socialCards.drawn} drawn, ${socialCards.reused} reused from cache (${(socialCards.ms / 1000).toFixed(2)} s${perCard})`,
        )
      },
    },
  }
}
