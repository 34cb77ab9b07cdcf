// The editor's build, `npm run build`'s step between `vike build` and the prerender
// (./editor-step.ts): bundles every admin/*.html page (the editor, and any other page of it such
// as the sign-in's callback) as an entry of its own into dist/client/admin/, with its scripts
// under admin/assets/, and writes admin/config.json, the GitHub backend with the editorial
// workflow (./backend-env.ts), and the content index the page's content check reads
// (admin/content-check.ts). Its own Vite build: nothing of it is shared with, or changes, the
// public pages' bundles.
import { readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'
import { NOT_CONFIGURED_KEY, type EditorConfigFile } from '../../admin/config-file.ts'
import { collections } from '../../content/schema/collections.ts'
import { BASE_PATH_VARIABLE, parseBasePath } from '../../renderer/base-path.ts'
import { EDITOR_PATH } from '../../site/editor.ts'
import { distDirOf } from '../dist-dir.ts'
import { contentIndex } from '../content/load.ts'
import { liveBackendFromEnv } from './backend-env.ts'
import { CONTENT_INDEX_FILE } from './entry-check-in-page.ts'
import { decapConfig } from './decap-config.ts'
import { editorBrand, withBrand } from './editor-brand.ts'
import { editorHead } from './editor-head.ts'
import { referenceChoices } from './reference-choices.ts'

type Env = Record<string, string | undefined>

export const EDITOR_FOLDER = EDITOR_PATH.slice(1)

/**
 * The built editor's config.json: Decap's configuration for the GitHub backend, the reference
 * pickers offering this build's entries; without the settings, the sentence saying what is
 * missing (the form configuration stays, so the page's shape is the same).
 */
export async function liveEditorConfig(
  root: string,
  env: Env,
  base = '/',
): Promise<EditorConfigFile> {
  const live = liveBackendFromEnv(env, base)
  const backend = live.backend ?? { mode: 'github' as const, repo: '', branch: 'main' }
  const config = withBrand(
    decapConfig(collections, backend, await referenceChoices(root, collections)),
    await editorBrand(root, collections),
  )
  return { ...config, ...(live.missing ? { [NOT_CONFIGURED_KEY]: live.missing } : {}) }
}

/** The editor's pages: every .html file of admin/, each an entry of the bundle. */
export async function editorPages(root: string): Promise<string[]> {
  const files = await readdir(path.join(root, EDITOR_FOLDER))
  return files
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => path.join(root, EDITOR_FOLDER, file))
}

/**
 * Names Decap's chunk (../../admin/decap-app.ts, imported dynamically by main.tsx so the
 * configuration is fetched beside it) in the editor page's HTML as a modulepreload: the browser
 * fetches and compiles it from the HTML's first bytes rather than once main.tsx runs.
 */
function preloadDecap(base: string): Plugin {
  return {
    name: 'editor-preload-decap',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: page }) {
        const chunk = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'chunk' && output.facadeModuleId?.endsWith('/admin/decap-app.ts'),
        )
        // Only on a page that loads it: the sign-in's callback page does not.
        if (!chunk || !page?.dynamicImports.includes(chunk.fileName)) return []
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${chunk.fileName}` },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

export async function buildEditor(root: string, env: Env): Promise<void> {
  const clientDir = path.join(distDirOf(env), 'client')
  const base = parseBasePath(env[BASE_PATH_VARIABLE])
  // A build's own files only: an earlier build's hashed scripts would be served forever.
  await rm(path.join(clientDir, EDITOR_FOLDER), { recursive: true, force: true })
  await build({
    configFile: false,
    root,
    base,
    logLevel: 'warn',
    mode: 'production',
    // Tailwind: the preview pane draws entries with the site's own stylesheet
    // (renderer/styles.css, imported by admin/preview.tsx), compiled as the public build does.
    plugins: [react(), tailwindcss(), editorHead(), preloadDecap(base)],
    build: {
      outDir: clientDir,
      // dist/client holds the public site `vike build` has just written.
      emptyOutDir: false,
      assetsDir: `${EDITOR_FOLDER}/assets`,
      // Decap is one large module; its size is known and measured (measure/admin-first-load.ts).
      chunkSizeWarningLimit: 8000,
      rollupOptions: {
        input: await editorPages(root),
        // Decap's dependencies (gray-matter, @iarna/toml) call eval() for formats this site does
        // not use; said once here rather than as a page of warnings on every build.
        onLog(level, log, handler) {
          if (log.code === 'EVAL' && log.id?.includes('node_modules')) return
          handler(level, log)
        },
      },
    },
  })
  await writeFile(
    path.join(clientDir, EDITOR_FOLDER, 'config.json'),
    `${JSON.stringify(await liveEditorConfig(root, env, base))}\n`,
  )
  // What the content check in the page (admin/content-check.ts) needs of the other entries.
  await writeFile(
    path.join(clientDir, EDITOR_FOLDER, CONTENT_INDEX_FILE),
    `${JSON.stringify(await contentIndex(root, collections))}\n`,
  )
}
