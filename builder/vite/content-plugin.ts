// Serves the checked content to the app as `virtual:content`, MDX bodies compiled
// (../content/mdx-compiler.ts). A content problem stops the build with the writer-facing report. The dev
// server forgives instead: an entry with a problem is set aside with its problems (the pages that
// use it show them, every other page works), and an edit re-renders the open page in place
// (renderer/dev-content-refresh.ts) instead of reloading it.
import { createReadStream, existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import pLimit from 'p-limit'
import type { Plugin, ViteDevServer } from 'vite'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { draftModeFor, type DraftMode } from '../../site/drafts.ts'
import { buildImages, imageCacheDir, IMAGES_URL, type ResponsiveImage } from '../content/images.ts'
import {
  loadContent,
  type BrokenEntry,
  type ContentError,
  type DataEntry,
  type LoadedEntry,
  type LoadResult,
} from '../content/load.ts'
import { loadContentOnce } from '../content/load-snapshot.ts'
import { createMdxCompiler, type MdxCompiler, type MdxOptions } from '../content/mdx-compiler.ts'
import {
  ContentCheckError,
  formatAnnotations,
  formatError,
  formatReport,
} from '../content/report.ts'

export const CONTENT_PLUGIN = 'content-collections'
/** The dev server's message to open pages that a content file changed (a Vite custom event). */
export const CONTENT_CHANGED_EVENT = 'content:changed'
/** The dev-only page script that answers it, added to every page's head in the dev server. */
const REFRESH_SCRIPT = '/renderer/dev-content-refresh.ts'
const VIRTUAL_ID = 'virtual:content'
/** The hook that gives Vike's route functions the route table (pages/routing.ts). */
const ROUTE_TABLE_HOOK = 'pages/+onBeforeRoute.ts'
const RESOLVED_ID = '\0' + VIRTUAL_ID

/** What other plugins may ask of this one (`plugin.api`). */
export interface ContentApi {
  /** The checked content: loaded once per build, afresh on every call in the dev server. */
  load(): Promise<LoadResult>
  /**
   * The entries as soon as their data is checked, before their bodies are (LoadOptions'
   * onDataChecked): undefined when some file has a problem. In the dev server, once a fresh
   * load is done.
   */
  dataChecked(): Promise<ReadonlyMap<string, DataEntry[]> | undefined>
  /** The responsive variants of every picture the content shows, by source file. */
  images(): Promise<Map<string, ResponsiveImage>>
}

const imagesOf = (result: LoadResult) =>
  [...result.entries.values()].flat().flatMap((entry) => entry.images)

/** `mdx`: the MDX compiler's plugins (../content/mdx-options.ts). */
export function contentCollections(
  collections: Record<string, CollectionDefinition>,
  mdx: MdxOptions,
): Plugin {
  let root = process.cwd()
  let drafts: DraftMode = 'omit'
  let server: ViteDevServer | undefined
  /** Route-table reloads asked of Vike (an entry added or removed) whose update is pending. */
  let routeTableReloads = 0
  let builtImages: Promise<Map<string, ResponsiveImage>> | undefined
  let compiler: MdxCompiler | undefined
  // Each body the check parses is compiled from that one parse (MdxCompiler.parseOnce).
  const loadAll = () => {
    let dataChecked!: (entries: ReadonlyMap<string, DataEntry[]> | undefined) => void
    const data = new Promise<ReadonlyMap<string, DataEntry[]> | undefined>((resolve) => {
      dataChecked = resolve
    })
    // A build keeps its load for the prerender that follows (../content/load-snapshot.ts).
    const result = (server ? loadContent : loadContentOnce)(root, collections, {
      drafts,
      cache: true,
      compiler,
      onDataChecked: dataChecked,
    })
    // A load that stops before the data is checked has no data to give; its error is the load's.
    result.then(
      () => dataChecked(undefined),
      () => dataChecked(undefined),
    )
    return { result, data }
  }
  let built: ReturnType<typeof loadAll> | undefined
  const api: ContentApi = {
    load: () => (server ? loadAll() : (built ??= loadAll())).result,
    async dataChecked() {
      if (!server) return (built ??= loadAll()).data
      const { entries, errors } = await api.load()
      return errors.length ? undefined : entries
    },
    images: async () => {
      if (!server && builtImages) return builtImages
      const images = api.load().then((result) => buildImages(root, imagesOf(result)))
      if (!server) builtImages = images
      return images
    },
  }
  return {
    name: CONTENT_PLUGIN,
    // One instance for the client and server builds, so both read the one load.
    sharedDuringBuild: true,
    api,
    configResolved(config) {
      root = config.root
      drafts = draftModeFor(config.command)
      compiler = createMdxCompiler(mdx, { root, cache: true })
    },
    buildStart() {
      // The first build (the client's) starts the load, so its file reads overlap the bundling
      // instead of waiting for the server build, which is the first to need the content.
      if (!server) api.images().catch(() => undefined)
    },
    configureServer(devServer) {
      server = devServer
      const contentDir = path.join(root, 'content')
      devServer.watcher.add(contentDir)
      // The picture variants straight from the cache, where the content load just put them.
      devServer.middlewares.use(IMAGES_URL, (req, res, next) => {
        const file = path.join(imageCacheDir(root), path.basename(req.url ?? ''))
        if (!existsSync(file)) return next()
        res.setHeader('Content-Type', file.endsWith('.avif') ? 'image/avif' : 'image/webp')
        createReadStream(file).pipe(res)
      })
      // A problem in an entry every page shows (site.yaml) leaves no page to render, not even the
      // error page: then every page answers with the report itself, until the file is fixed.
      let latest: Promise<LoadResult> | undefined
      devServer.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' || !String(req.headers.accept).includes('text/html')) return next()
        latest ??= loadContent(root, collections, { drafts, cache: true })
        latest.then((result) => {
          const everyPage = setAsideBroken(result, collections).problems.filter(
            ({ collection }) => collections[collection]?.singleton,
          )
          if (!everyPage.length) return next()
          res.statusCode = 500
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.end(renderErrorPage(result.errors))
        }, next)
      })
      const isEntryFile = (file: string) => file.startsWith(contentDir) && !/\.tsx?$/.test(file)
      const onChange = (file: string) => {
        if (!isEntryFile(file)) return
        latest = undefined
        for (const environment of Object.values(devServer.environments)) {
          const module = environment.moduleGraph.getModuleById(RESOLVED_ID)
          if (module) environment.moduleGraph.invalidateModule(module)
        }
        // Open pages render themselves afresh (./REFRESH_SCRIPT), keeping their place.
        devServer.ws.send({ type: 'custom', event: CONTENT_CHANGED_EVENT })
      }
      // An entry added or removed adds or removes a page. Vike routes with the route table its
      // onBeforeRoute hook builds, and holds that hook from its last load of the pages' code: it
      // loads them again when one of their modules changes, which a content file is not. Saying
      // that the hook's file changed makes Vike load it afresh, with the new table (the full
      // page reload Vike would then send for a server file is held back in hotUpdate below).
      const routesChanged = (file: string) => {
        if (!isEntryFile(file)) return
        routeTableReloads++
        devServer.watcher.emit('change', path.join(root, ROUTE_TABLE_HOOK))
      }
      devServer.watcher.on('add', onChange)
      devServer.watcher.on('unlink', onChange)
      devServer.watcher.on('change', onChange)
      devServer.watcher.on('add', routesChanged)
      devServer.watcher.on('unlink', routesChanged)
    },
    // Content files are data, not modules: Vite's own update (a full reload, since the content
    // module is the server's) would lose the writer's place; onChange above answers instead.
    hotUpdate({ file }) {
      if (server && file.startsWith(path.join(root, 'content') + path.sep) && !/\.tsx?$/.test(file))
        return []
      // The route table's reload asked for above: Vike has loaded the hook again (its
      // handleHotUpdate runs first); no open page needs reloading for it, as each renders
      // itself afresh on the content event.
      if (routeTableReloads && file === path.join(root, ROUTE_TABLE_HOOK)) {
        if (this.environment.name === 'ssr') routeTableReloads--
        return []
      }
      return undefined
    },
    transformIndexHtml() {
      if (!server) return undefined
      return [{ tag: 'script', attrs: { type: 'module', src: REFRESH_SCRIPT }, injectTo: 'head' }]
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined
      const result = await api.load()
      for (const file of result.files) this.addWatchFile(file)
      if (result.errors.length && !server) {
        console.error('\n' + formatReport(result.errors) + '\n')
        if (process.env.GITHUB_ACTIONS === 'true') console.log(formatAnnotations(result.errors))
        throw new ContentCheckError(result.errors)
      }
      if (result.errors.length) server!.config.logger.error(formatReport(result.errors))
      const { kept, problems } = server
        ? setAsideBroken(result, collections)
        : { kept: result, problems: [] }
      const images = server ? await buildImages(root, imagesOf(kept)) : await api.images()
      const before = { ...compiler!.stats }
      const module = await generateModule(kept, problems, root, images, compiler!)
      const { compiled, reused, fromParsedTree } = compiler!.stats
      // A body compiled from the check's parse is put in the cache, then read from it here.
      if (!server && compiled + reused > before.compiled + before.reused)
        this.environment.logger.info(
          `mdx: ${compiled + reused} bodies, ${reused - fromParsedTree} reused from the build cache, ${compiled + fromParsedTree} compiled`,
        )
      return module
    },
  }
}

/** An entry the dev server sets aside, with the problems of its file. */
export interface EntryProblems extends BrokenEntry {
  errors: ContentError[]
}

/**
 * The dev server's split of a load: the entries whose files have no problem, and those that
 * have one (a link to a missing page included), each with its problems. A problem that belongs to
 * no entry (a stray file) is only printed: no page shows that file.
 */
export function setAsideBroken(
  result: LoadResult,
  collections: Record<string, CollectionDefinition>,
): { kept: LoadResult; problems: EntryProblems[] } {
  const errorsByFile = new Map<string, ContentError[]>()
  for (const error of result.errors)
    errorsByFile.set(error.file, [...(errorsByFile.get(error.file) ?? []), error])
  const problems: EntryProblems[] = result.brokenEntries.map((entry) => ({
    ...entry,
    errors: errorsByFile.get(entry.file) ?? [],
  }))
  const entries = new Map<string, LoadedEntry[]>()
  for (const name of Object.keys(collections)) {
    const list = result.entries.get(name) ?? []
    entries.set(
      name,
      list.filter((entry) => {
        const errors = errorsByFile.get(entry.file)
        if (!errors) return true
        problems.push({
          id: entry.id,
          collection: name,
          file: entry.file,
          data: entry.data,
          errors,
        })
        return false
      }),
    )
  }
  return { kept: { ...result, entries }, problems }
}

async function generateModule(
  { entries, omittedDrafts }: LoadResult,
  problems: readonly EntryProblems[],
  root: string,
  images: Map<string, ResponsiveImage>,
  compiler: MdxCompiler,
): Promise<string> {
  // A few bodies at a time: most come from the cache, and a compile holds a syntax tree.
  const work = pLimit(8)
  const item = async (entry: LoadedEntry) => {
    const fields = `id: ${JSON.stringify(entry.id)}, file: ${JSON.stringify(entry.file)}, data: ${JSON.stringify(entry.data)}`
    if (entry.body === undefined) return `{ ${fields} }`
    const file = path.join(root, entry.file)
    // The file the cache keeps the body in, read when the page renders: the module carrying
    // 5,000 bodies' text held 240 MB more for the whole build.
    const body = await work(async () => compiler.compile(file, await readFile(file, 'utf8')))
    const { headings = [], words = 0 } = entry.facts ?? {}
    return `{ ${fields}, headings: ${JSON.stringify(headings)}, words: ${words}, Content: mdxContent(${JSON.stringify(entry.file)}, ${JSON.stringify(body)}) }`
  }
  const collections: string[] = []
  for (const [name, list] of entries)
    collections.push(
      `${JSON.stringify(name)}: [${(await Promise.all(list.map(item))).join(',\n')}]`,
    )
  // Left-out drafts carry no body: only enough to find their address and drop links to them.
  const omitted = [...omittedDrafts].map(
    ([name, list]) =>
      `${JSON.stringify(name)}: ${JSON.stringify(list.map(({ id, file, data }) => ({ id, file, data })))}`,
  )
  const runtime = JSON.stringify(path.join(root, 'builder/content/mdx-content.ts'))
  return `import { mdxContent } from ${runtime}\nexport const entries = {\n${collections.join(',\n')}\n}\nexport const omittedDrafts = {\n${omitted.join(',\n')}\n}\nexport const images = ${JSON.stringify(Object.fromEntries(images))}\nexport const problems = ${JSON.stringify(problems)}\n`
}

function renderErrorPage(errors: readonly ContentError[]): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const items = errors
    .map((error) => `<li><code>${escape(formatError(error))}</code></li>`)
    .join('')
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Content problems</title>
<script type="module">import { createHotContext } from '/@vite/client'
createHotContext('/content-report').on(${JSON.stringify(CONTENT_CHANGED_EVENT)}, () => location.reload())</script>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#0f172a}
h1{color:#b91c1c}li{margin:.5rem 0}code{white-space:pre-wrap;background:#fef2f2;padding:.25rem .5rem;border-radius:.25rem;display:block}</style></head>
<body><h1>${escape(formatReport(errors).split('\n')[0]!)}</h1>
<p>Fix these files and this page reloads by itself. The same list is printed by <code style="display:inline">npm run check:content</code>.</p>
<ol>${items}</ol></body></html>`
}
