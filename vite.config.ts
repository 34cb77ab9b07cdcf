import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { illustrations } from './build/vite/illustrations-plugin.ts'
import { mdxOptions } from './build/content/mdx-options.ts'
import { contentCollections } from './build/vite/content-plugin.ts'
import { collections } from './content/schema/collections.ts'
import { pageScript } from './build/vite/page-script-plugin.ts'
import { localFunctions } from './build/vite/functions-plugin.ts'
import { buildArtifacts } from './build/vite/build-artifacts-plugin.ts'
import { editingUi } from './build/vite/admin-plugin.ts'

export default defineConfig({
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
  ],
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' },
})
