import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { illustrations } from './builder/vite/illustrations-plugin.ts'
import { mdxOptions } from './builder/content/mdx-options.ts'
import { contentCollections } from './builder/vite/content-plugin.ts'
import { collections } from './content/schema/collections.ts'
import { pageScript } from './builder/vite/page-script-plugin.ts'
import { localFunctions } from './builder/vite/functions-plugin.ts'
import { buildArtifacts } from './builder/vite/build-artifacts-plugin.ts'
import { BASE_PATH_VARIABLE, parseBasePath } from './renderer/base-path.ts'
import { previewDefine } from './site/preview-build.ts'
import { distFolderOf } from './builder/dist-dir.ts'
import { BUILD_OUTPUTS } from './site/build-outputs.ts'
import { editingUi } from './builder/vite/admin-plugin.ts'
import { dependenciesAsWritten } from './builder/vite/dependencies-plugin.ts'

export default defineConfig({
  // The path the site is served under (renderer/base-path.ts): "/" unless a preview says otherwise.
  base: parseBasePath(process.env[BASE_PATH_VARIABLE]),
  // A literal in the bundle, so a normal build drops the preview's code (site/preview-build.ts).
  define: previewDefine(process.env),
  // Vike builds into <outDir>/client and <outDir>/server.
  build: { outDir: distFolderOf(process.env), assetsDir: BUILD_OUTPUTS.assets.path.slice(1) },
  plugins: [
    contentCollections(collections, mdxOptions),
    illustrations(),
    localFunctions(),
    react(),
    tailwindcss(),
    vike(),
    pageScript({ source: 'components/start-page.ts' }),
    buildArtifacts(),
    editingUi(collections),
    dependenciesAsWritten(),
  ],
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' },
})
