import path from 'node:path'
import type { Plugin } from 'vite'
import { pruneCaches, UNUSED_FOR_DAYS } from '../cache.ts'
import { CONTENT_PLUGIN, type ContentApi } from './content-plugin.ts'
import type { EntryData } from '../../content/schema/collections.ts'
import { resolveSiteUrl } from '../../site/origin.ts'
import { RENDER_THREAD } from '../prerender/render-pages.ts'
import { routeTableOf } from '../content/route-table.ts'
import { DEFAULT_CACHE_DIR } from '../outputs/social-card/card-cache.ts'
import {
  writeSocialCards,
  type SocialCardReport,
} from '../outputs/social-card/write-social-cards.ts'

/**
 * The build's own files, beside Vite's. Each route's social card is drawn (or taken from the
 * cache) from the moment the content's data is checked, beside the bundling and the MDX bodies'
 * check and compile. The page render loads the content again from the loader's caches, which
 * this build has filled (../prerender/built-content.ts). The pages, the search index, the feed, the sitemap and the hosting files
 * are written by builder/prerender/prerender.ts, in a process of its own, once this one has ended
 * (../prerender/build-artifacts.ts). Once the build has succeeded, results its caches kept that no build has
 * used for a while are deleted (pruneCaches).
 */
export function buildArtifacts(): Plugin {
  let distDir = path.resolve('dist')
  let root = process.cwd()
  let socialCardCache = path.resolve(DEFAULT_CACHE_DIR)
  let content: ContentApi | undefined
  let cards: Promise<SocialCardReport | undefined> | undefined
  const stopCards = new AbortController()
  const clientWritten = settlement()
  const startCards = async (api: ContentApi) => {
    const entries = await api.dataChecked()
    // Content with problems stops the build where the content plugin reports them.
    if (!entries) return undefined
    const site = entries.get('site')![0]!.data as EntryData<'site'>
    return writeSocialCards(
      path.join(distDir, 'client'),
      routeTableOf(entries),
      { siteName: site.name, host: new URL(resolveSiteUrl(site.url)).host },
      {
        cacheDir: socialCardCache,
        signal: stopCards.signal,
        clientDirReady: clientWritten.promise,
      },
    )
  }
  return {
    name: 'site:build-artifacts',
    apply: 'build',
    // One instance for the client and server builds: the cards the first starts, the second ends.
    sharedDuringBuild: true,
    configResolved(config) {
      // Vike builds the client into <outDir>/client and the server into <outDir>/server.
      distDir = path.dirname(path.resolve(config.root, config.build.outDir))
      socialCardCache = path.resolve(config.root, DEFAULT_CACHE_DIR)
      root = config.root
      // The content the pages were rendered from, loaded once for the whole build.
      content = config.plugins.find((plugin) => plugin.name === CONTENT_PLUGIN)?.api as
        ContentApi | undefined
    },
    buildStart() {
      if (!content) throw new Error(`site:build-artifacts needs the ${CONTENT_PLUGIN} plugin`)
      // The first build (the client's) starts the cards. They need only each entry's data, so
      // they are drawn while the client is bundled and the MDX bodies are checked and compiled.
      cards ??= startCards(content)
      // Awaited in closeBundle; a failure before then must not go unhandled.
      cards.catch(() => undefined)
      // The page render's thread, built with the app it renders (RENDER_THREAD).
      if (this.environment?.name === 'ssr')
        this.emitFile({ type: 'chunk', id: RENDER_THREAD.source, fileName: RENDER_THREAD.fileName })
    },
    async buildEnd(error) {
      if (!error || !cards) return
      stopCards.abort()
      clientWritten.fail(error)
      await cards.catch(() => undefined)
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        // Vike builds the client first; its files are in dist/client now, the cards go beside.
        if (this.environment?.name === 'client') return clientWritten.done()
        if (this.environment?.name !== 'ssr' || !cards) return
        // The cards would wait for it forever.
        if (!clientWritten.settled)
          throw new Error(
            'site:build-artifacts: the client build must be written before the server build',
          )
        const socialCards = await cards
        // Content with problems: the content plugin has stopped the build.
        if (!socialCards) return
        const perCard = socialCards.drawn
          ? `, ${socialCards.msPerDrawnCard.toFixed(0)} ms a card`
          : ''
        this.environment.logger.info(
          `social cards: ${socialCards.drawn} drawn, ${socialCards.reused} reused from cache (${(socialCards.ms / 1000).toFixed(2)} s${perCard})`,
        )
        // The pictures' variants, in the cache the page render finds them in.
        await content!.images()
        // The build has used (and so marked) every cached result it needs, the pictures the
        // page render copies among them. A cache that cannot be pruned costs disk space, not
        // the build: a warning.
        const pruned = await pruneCaches(root).catch((error: Error) => {
          this.environment.logger.warn(`caches: not pruned: ${error.message}`)
          return undefined
        })
        if (pruned)
          this.environment.logger.info(
            `caches: ${pruned} results no build used for ${UNUSED_FOR_DAYS} days deleted`,
          )
      },
    },
  }
}

/** A promise and the two ways to settle it. */
function settlement() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((...settle) => ([resolve, reject] = settle))
  // Failed when the build fails; whoever waits on it then fails too.
  promise.catch(() => undefined)
  const state = {
    promise,
    settled: false,
    done() {
      state.settled = true
      resolve()
    },
    fail(error: Error) {
      state.settled = true
      reject(error)
    },
  }
  return state
}
