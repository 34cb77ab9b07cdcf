import path from 'node:path'
import type { Plugin } from 'vite'
import { imageCacheDir } from '../../content/_lib/images.ts'
import { CONTENT_PLUGIN, type ContentApi } from '../../content/_lib/vite-plugin.ts'
import { writeBuildArtifacts } from './build-artifacts.ts'
import { DEFAULT_CACHE_DIR } from './social-card/card-cache.ts'

/**
 * After the server build, when Vike has prerendered every page into dist/client (it does so in
 * the server build's writeBundle), writes the sitemap, robots.txt, manifest, social cards and
 * hosting headers.
 */
export function buildArtifacts(): Plugin {
  let distDir = path.resolve('dist')
  let root = process.cwd()
  let supabaseUrl: string | undefined
  let socialCardCache = path.resolve(DEFAULT_CACHE_DIR)
  let content: ContentApi | undefined
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
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (this.environment?.name !== 'ssr') return
        if (!content) throw new Error(`site:build-artifacts needs the ${CONTENT_PLUGIN} plugin`)
        const { socialCards } = await writeBuildArtifacts(distDir, await content.load(), {
          supabaseUrl,
          socialCardCache,
          images: { variants: await content.images(), cacheDir: imageCacheDir(root) },
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
