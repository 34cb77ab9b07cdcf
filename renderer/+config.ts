import type { Config } from 'vike/types'
import './settings.ts'

export default {
  // Every page is static HTML, prerendered at build time. Rendering is synchronous and writing
  // is not: with Vike's default of one page per core in flight, the thread sat idle 15 % of the
  // prerender waiting on writes, so more pages are kept in flight.
  prerender: { parallel: 16 },
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
