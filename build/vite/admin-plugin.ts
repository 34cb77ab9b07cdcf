// The editing UI at /admin, in the dev server only (`apply: 'serve'`): `npm run build` never
// sees it, so the built pages and their scripts are unchanged. It serves the page (admin/), the
// form configuration generated from the schemas (../admin/decap-config.ts) and the editor's API
// (../admin/api.ts: the local mode's file access, the content check before a save, the preview's
// address), which answers only the editor's own page (../admin/request-guard.ts).
import type { AddressInfo } from 'node:net'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Connect, Plugin, ViteDevServer } from 'vite'
import { ITEMS_SUFFIX, listItemKey } from '../../content/schema/collection.ts'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { assetFolders } from '../../content/schema/asset-folders.ts'
import { adminApi, API_PATH, json, send } from '../admin/api.ts'
import { backendFromEnv } from '../admin/backend-env.ts'
import { decapConfig, type ReferenceChoices } from '../admin/decap-config.ts'
import { ownServer, type OwnServer } from '../admin/request-guard.ts'
import { readSource } from '../content/source.ts'

/** Where the editing UI lives on the dev server. */
export const ADMIN_PATH = '/admin'
/** The page's script (admin/main.tsx), served through Vite like any module. */
const ADMIN_SCRIPT = '/admin/main.tsx'
/** The preview pane's drawing (admin/preview-pane.tsx), imported when the pane first opens. */
const PREVIEW_MODULE = 'admin/preview-pane.tsx'

export function editingUi(collections: Record<string, CollectionDefinition>): Plugin {
  let root = process.cwd()
  return {
    name: 'editing-ui',
    apply: 'serve',
    configResolved(config) {
      root = config.root
    },
    // Decap is one prebuilt file; bundling it once up front spares a reload when /admin opens.
    // The preview pane, loaded when it first opens, is scanned up front too: a dependency found
    // only then (the Markdown parser) would make Vite reload the editor, losing what was typed.
    config: () => ({
      optimizeDeps: { include: ['decap-cms-app'], entries: [PREVIEW_MODULE] },
    }),
    configureServer(server) {
      const backend = backendFromEnv(process.env, `${API_PATH}/v1`)
      const api = adminApi({ root, collections, backend, ownServer: () => ownAddresses(server) })
      // First in the stack: Vite's CORS middleware, which runs before any plugin's, answers
      // preflights from every localhost origin; the API grants none.
      const handle: Connect.NextHandleFunction = (req, res, next) => {
        api(req, res, next).catch(next)
      }
      server.middlewares.stack.unshift({ route: '', handle })
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
        } catch (error) {
          return json(res, 500, { error: error instanceof Error ? error.message : String(error) })
        }
        next()
      })
    },
  }
}

/**
 * The addresses this dev server answers on: its port once it listens (Vite takes the next one
 * when the configured port is busy), on its loopback names, its configured host and the
 * addresses it listens on (every interface's, with `--host`).
 */
function ownAddresses(server: ViteDevServer): OwnServer {
  const address = server.httpServer?.address() as AddressInfo | null | undefined
  const port = address?.port ?? server.config.server.port ?? 5173
  const { host } = server.config.server
  const urls = server.resolvedUrls ?? { local: [], network: [] }
  const names = [...urls.local, ...urls.network].map((url) => new URL(url).hostname)
  if (typeof host === 'string') names.push(host)
  return ownServer(port, names, server.config.server.https ? 'https' : 'http')
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
