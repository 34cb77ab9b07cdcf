import mdx from '@mdx-js/rollup'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import remarkFrontmatter from 'remark-frontmatter'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { illustrations } from './content/_lib/vite-plugin-illustrations.ts'
import { contentCollections } from './content/_lib/vite-plugin.ts'
import { collections } from './content/config.ts'
import { pageScript } from './renderer/vite-plugin-page-script.ts'
import { localFunctions } from './server/vite-functions.ts'
import { buildArtifacts } from './scripts/lib/vite-plugin-build-artifacts.ts'

export default defineConfig({
  plugins: [
    contentCollections(collections),
    illustrations(),
    localFunctions(),
    // Frontmatter is read by the content loader; MDX must not render it as text.
    { enforce: 'pre', ...mdx({ remarkPlugins: [remarkFrontmatter] }) },
    react({ include: /\.(tsx|ts|mdx)$/ }),
    tailwindcss(),
    vike(),
    pageScript({ source: 'components/start-page.ts' }),
    buildArtifacts(),
  ],
  server: { port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' },
})
