import type { Config } from 'vike/types'
import './settings.ts'

export default {
  // Every page is static HTML, rendered at build time. Not by Vike's own prerender, which keeps
  // every page until the last (vikejs/vike#3159), but by builder/prerender/prerender.ts, in a process of
  // its own after `vike build` (npm run build runs both).
  prerender: { disableAutoRun: true },
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
