// The page script, a few kilobytes, added by the inline loader (./page-script.ts) once the page
// has painted. It finds the islands in the HTML and starts each one when its hydrate strategy
// says so, loading the island's code and React together (./hydrate-island.ts). The app's page
// script (pageScript({ source }) in vite.config.ts) imports it and adds its own handlers.
import type { ComponentType } from 'react'
import { islandFile, type HydrateOn } from './island-name.ts'
import { hasHeldPress, keepTypedValues, replayHeldPress } from './early-input.ts'
import { reportGuardRedirect } from './guard-notice.ts'
import { HYDRATED_ATTRIBUTE } from './island-attributes.ts'
import { scheduleHydration } from './schedule-hydration.ts'

reportGuardRedirect()

// Keyed by file path; looked up by the island's name (islandFile), not re-keyed at start-up.
const loaders = import.meta.glob<{ default: ComponentType<Record<string, unknown>> }>(
  './**/*.island.tsx',
  { base: '/components/' }, // ISLAND_GLOB_BASE (import.meta.glob takes literals only)
)

type IslandLoader = (typeof loaders)[string]

function startIsland(element: HTMLElement, island: string, load: IslandLoader) {
  // Modules, not destructured imports: Vite wraps a destructured import() in extra code, and
  // this script is on every page.
  Promise.all([import('./hydrate-island.ts'), load()])
    .then(([hydration, island]) =>
      hydration.hydrateIsland(element, island.default, {
        // What was typed goes into React's state before anything re-renders the fields ...
        onHydrated: () => {
          element.setAttribute(HYDRATED_ATTRIBUTE, 'true')
          keepTypedValues(element)
        },
        // ... and the held press comes once that is rendered, so a form checks what was typed.
        onSettled: () => replayHeldPress(element),
      }),
    )
    .catch((error: unknown) => console.error(`Island "${island}" failed to start`, error))
}

/** Starts the islands of the page; again, in the dev server, after it swapped the page's body. */
export function startIslands() {
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const { island = '', hydrate = 'load' } = element.dataset
    const load = loaders[islandFile(island)]
    if (!load) {
      console.error(`No island named "${island}"`)
      continue
    }
    // An island pressed before this script ran starts now, whatever its strategy.
    const when = hasHeldPress(element) ? 'load' : (hydrate as HydrateOn)
    scheduleHydration(element, when, () => startIsland(element, island, load))
  }
}

startIslands()
