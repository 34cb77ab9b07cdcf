// The editing UI at /admin, in the dev server only (`apply: 'serve'`): `npm run build` never
// sees it, so the built pages and their scripts are unchanged. It serves the page (admin/), the
// form configuration generated from the schemas (../admin/decap-config.ts), the local mode's
// file access (../admin/local-backend.ts), the content check of an entry before it is saved or
// committed, and the address of the page that shows an entry (the preview).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Plugin, ViteDevServer } from 'vite'
import { ITEMS_SUFFIX, listItemKey } from '../../content/schema/collection.ts'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { assetFolders } from '../../content/schema/asset-folders.ts'
import { isRoutedCollection, routePath } from '../../site/routes.ts'
import { backendFromEnv } from '../admin/backend-env.ts'
import { decapConfig, type ReferenceChoices } from '../admin/decap-config.ts'
import { checkProposedFiles } from '../admin/entry-check.ts'
import { entryFiles, type EntryToCheck } from '../admin/entry-file.ts'
import { localBackend, type ProxyRequest } from '../admin/local-backend.ts'
import { readSource } from '../content/source.ts'
import { formatError } from '../content/report.ts'

/** Where the editing UI lives on the dev server. */
export const ADMIN_PATH = '/admin'
const API = `${ADMIN_PATH}/api`
/** The page's script (admin/main.tsx), served through Vite like any module. */
const ADMIN_SCRIPT = '/admin/main.tsx'

export function editingUi(collections: Record<string, CollectionDefinition>): Plugin {
  let root = process.cwd()
  return {
    name: 'editing-ui',
    apply: 'serve',
    configResolved(config) {
      root = config.root
    },
    // Decap is one prebuilt file; bundling it once up front spares a reload when /admin opens.
    config: () => ({ optimizeDeps: { include: ['decap-cms-app'] } }),
    configureServer(server) {
      const backend = backendFromEnv(process.env, `${API}/v1`)
      const local = localBackend({ root, collections })
      server.middlewares.use(async (req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost')
        try {
          if (
            req.method === 'GET' &&
            (url.pathname === ADMIN_PATH || url.pathname === `${ADMIN_PATH}/`)
          )
            return send(res, 200, await adminPage(server, url.pathname), 'text/html')
          if (req.method === 'GET' && url.pathname === `${ADMIN_PATH}/config.json`)
            return json(
              res,
              200,
              decapConfig(collections, backend, await referenceChoices(root, collections)),
            )
          if (req.method === 'POST' && url.pathname === `${API}/v1` && backend.mode === 'local') {
            const answer = await local((await readJson(req)) as ProxyRequest)
            return json(res, answer.status, answer.body)
          }
          if (req.method === 'POST' && url.pathname === `${API}/check`) {
            const files = entryFiles(collections, (await readJson(req)) as EntryToCheck)
            for (const file of files) local.inside(file.path)
            const problems = await checkProposedFiles(root, collections, files)
            return json(res, 200, { file: files[0]!.path, problems: problems.map(formatError) })
          }
          if (req.method === 'GET' && url.pathname === `${API}/preview-path`)
            return json(res, 200, {
              path: await previewPath(
                root,
                collections,
                url.searchParams.get('collection') ?? '',
                url.searchParams.get('slug') ?? '',
              ),
            })
        } catch (error) {
          return json(res, 500, { error: error instanceof Error ? error.message : String(error) })
        }
        next()
      })
    },
  }
}

/** The admin page: Decap's own markup (one script), noindex, through Vite's HTML pipeline. */
async function adminPage(server: ViteDevServer, url: string): Promise<string> {
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content editor</title>
  </head>
  <body>
    <script type="module" src="${ADMIN_SCRIPT}"></script>
  </body>
</html>
`
  return server.transformIndexHtml(url, html)
}

/**
 * The ids each reference picker offers: every collection's entries, every asset folder's files
 * and every list file's items (for `author:`), read from disk each time the form opens.
 */
async function referenceChoices(
  root: string,
  collections: Record<string, CollectionDefinition>,
): Promise<ReferenceChoices> {
  const choices: Record<string, string[]> = {}
  const content = path.join(root, 'content')
  const names = async (folder: string, extensions: readonly string[]) =>
    (await readdir(path.join(content, folder)).catch(() => []))
      .filter((name) => extensions.includes(path.extname(name)))
      .map((name) => path.basename(name, path.extname(name)))
      .sort()
  for (const [name, definition] of Object.entries(collections)) {
    if (definition.singleton) continue
    const extensions = definition.type === 'data' ? ['.yaml', '.yml'] : ['.mdx', '.md']
    choices[name] = await names(definition.source, extensions)
    if (definition.type !== 'data') continue
    const items = []
    for (const id of choices[name]) {
      const file = path.join(content, definition.source, `${id}.yaml`)
      const text = await readFile(file, 'utf8').catch(() => '')
      const data = readSource(file, text).data as { items?: unknown } | undefined
      if (Array.isArray(data?.items)) items.push(...data.items.map(listItemKey))
    }
    choices[`${name}${ITEMS_SUFFIX}`] = items.filter((key): key is string => Boolean(key))
  }
  for (const [name, folder] of Object.entries(assetFolders))
    choices[name] = await names(folder.source, [folder.extension])
  return choices
}

/**
 * The dev-server page showing an entry: its own page for a routed collection (articles,
 * pages…), else the first page whose sections name it (an FAQ's page), else the home page.
 */
async function previewPath(
  root: string,
  collections: Record<string, CollectionDefinition>,
  collection: string,
  slug: string,
): Promise<string | null> {
  const definition = collections[collection]
  if (!definition) return null
  const read = async (folder: string, id: string, extension: string) => {
    const file = path.join(root, 'content', folder, `${id}${extension}`)
    const text = await readFile(file, 'utf8').catch(() => undefined)
    return text === undefined ? undefined : readSource(file, text).data
  }
  const extension = definition.type === 'data' ? '.yaml' : '.mdx'
  if (isRoutedCollection(collection)) {
    const data = await read(definition.source, slug, extension)
    // Not saved yet: there is no page to show.
    if (data === undefined) return null
    return routePath(collection, { id: slug, data } as Parameters<typeof routePath>[1])
  }
  const pages = collections.pages
  if (!pages) return '/'
  const pageFiles = (await readdir(path.join(root, 'content', pages.source)).catch(() => [])).sort()
  for (const file of pageFiles) {
    const data = (await read(pages.source, path.basename(file, '.yaml'), '.yaml')) as
      { path?: string; sections?: Record<string, unknown>[] } | undefined
    const names = (data?.sections ?? []).some((section) =>
      Object.values(section).some((value) => value === slug),
    )
    if (names && data?.path) return data.path
  }
  return '/'
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    req.on('error', reject)
  })
}

function send(res: ServerResponse, status: number, body: string, type: string): void {
  res.statusCode = status
  res.setHeader('Content-Type', `${type}; charset=utf-8`)
  res.setHeader('Cache-Control', 'no-store')
  res.end(body)
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, JSON.stringify(body), 'application/json')
