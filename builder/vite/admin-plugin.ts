// The editing UI at /admin on the dev server (`apply: 'serve'`; the build makes its own entry of
// it: ../admin/editor-build.ts). It serves the pages (every admin/*.html, through Vite's HTML
// pipeline), the form configuration generated from the schemas (../admin/decap-config.ts) and
// the editor's API (../admin/api.ts: the local mode's file access, the content check before a
// save, the preview's address), which answers only the editor's own page
// (../admin/request-guard.ts). Its pages carry the production editor's policy, plus only what
// Vite's dev client needs (devEditorContentSecurityPolicy in server/headers.ts).
import type { AddressInfo } from 'node:net'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import type { Connect, Plugin, ViteDevServer } from 'vite'
import type { CollectionDefinition } from '../../content/schema/collection.ts'
import { EDITOR_PATH } from '../../site/editor.ts'
import { adminApi, API_PATH, json, send } from '../admin/api.ts'
import { devEditorContentSecurityPolicy } from '../../server/headers.ts'
import { backendFromEnv, editorPolicyInput } from '../admin/backend-env.ts'
import { decapConfig } from '../admin/decap-config.ts'
import { editorBrand, withBrand } from '../admin/editor-brand.ts'
import { editorHead } from '../admin/editor-head.ts'
import { referenceChoices } from '../admin/reference-choices.ts'
import { ownServer, type OwnServer } from '../admin/request-guard.ts'

/** Where the editing UI lives on the dev server. */
export const ADMIN_PATH = EDITOR_PATH
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
    // The pages' shared parts, added as the build adds them (adminPage runs this hook).
    transformIndexHtml: editorHead().transformIndexHtml,
    // Decap's packages, found by scanning the editor's pages at start and bundled once up front,
    // spare a reload when /admin opens. The preview pane, loaded when it first opens, is scanned
    // up front too: a dependency found only then (the Markdown parser) would make Vite reload the
    // editor, losing what was typed.
    config: () => ({
      optimizeDeps: { entries: [`${ADMIN_PATH.slice(1)}/*.html`, PREVIEW_MODULE] },
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
          const page = req.method === 'GET' ? await adminPageFile(root, url.pathname) : undefined
          if (page) {
            const html = await adminPage(server, page)
            res.setHeader('Content-Security-Policy', adminPagePolicy(server, req))
            return send(res, 200, html, 'text/html')
          }
          if (req.method === 'GET' && url.pathname === `${ADMIN_PATH}/config.json`)
            return json(
              res,
              200,
              withBrand(
                decapConfig(collections, backend, await referenceChoices(root, collections)),
                await editorBrand(root, collections),
              ),
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

/**
 * The policy of an editor's page on the dev server: the built editor's, with the dev client's
 * inline script (React Fast Refresh's preamble, which @vitejs/plugin-react writes into every
 * page Vite transforms) and the dev server's socket, on the address the page was reached at.
 */
export function adminPagePolicy(
  server: Pick<ViteDevServer, 'config'>,
  req: { headers: { host?: string | undefined } },
): string {
  const protocol = server.config.server.https ? 'https' : 'http'
  const preamble = react.preambleCode.replace('__BASE__', server.config.base)
  return devEditorContentSecurityPolicy(editorPolicyInput(process.env), {
    origin: `${protocol}://${req.headers.host ?? 'localhost'}`,
    inlineScripts: [preamble],
  })
}

/**
 * The admin/*.html file a request names, as a static host serves it: /admin and /admin/ are
 * index.html, /admin/x and /admin/x.html are x.html.
 */
async function adminPageFile(root: string, pathname: string): Promise<string | undefined> {
  if (pathname !== ADMIN_PATH && !pathname.startsWith(`${ADMIN_PATH}/`)) return undefined
  const name = pathname.slice(ADMIN_PATH.length).replace(/^\//, '') || 'index'
  const file = `${name.replace(/\.html$/, '')}.html`
  const pages = await readdir(path.join(root, 'admin')).catch(() => [] as string[])
  return pages.includes(file) ? path.join(root, 'admin', file) : undefined
}

/** An admin page's own markup, through Vite's HTML pipeline (its script as a module). */
async function adminPage(server: ViteDevServer, file: string): Promise<string> {
  return server.transformIndexHtml(
    `${ADMIN_PATH}/${path.basename(file)}`,
    await readFile(file, 'utf8'),
  )
}
