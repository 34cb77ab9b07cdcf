import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { illustrations } from './content/_lib/vite-plugin-illustrations.ts'
import { mdxOptions } from './content/_lib/mdx-options.ts'
import { contentCollections } from './content/_lib/vite-plugin.ts'
import { collections } from './content/config.ts'
import { pageScript } from './renderer/vite-plugin-page-script.ts'
import { localFunctions } from './server/vite-functions.ts'
import { buildArtifacts } from './scripts/lib/vite-plugin-build-artifacts.ts'

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
  ],
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' },
})
