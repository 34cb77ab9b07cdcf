import type { Config } from 'vike/types'

export default {
  // Every page is static HTML, prerendered at build time.
  prerender: true,
  // Pages are HTML-only: their component code and copy never ship as JavaScript. Interactive
  // parts are islands, hydrated one by one by start-islands.ts (see page-script.ts).
  meta: {
    Page: { env: { server: true, client: false } },
  },
  clientRouting: false,
} satisfies Config
