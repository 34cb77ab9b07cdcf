import type { Config } from 'vike/types'
import './settings.ts'

export default {
  // Every page is static HTML, prerendered at build time.
  prerender: true,
  // Pages are HTML-only: their component code and copy never ship as JavaScript. Interactive
  // parts are islands, hydrated one by one by start-islands.ts (see page-script.ts).
  meta: {
    Page: { env: { server: true, client: false } },
    // The app's frame and head (./settings.ts): set in pages/, read by ./+onRenderHtml.tsx.
    Layout: { env: { server: true } },
    Head: { env: { server: true } },
  },
  clientRouting: false,
} satisfies Config
