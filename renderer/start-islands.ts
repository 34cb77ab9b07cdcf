// The page script, a few kilobytes, added by the inline loader (./page-script.ts) once the page
// has painted. It finds the islands in the HTML and starts each one when its hydrate strategy
// says so, loading the island's code and React together (./hydrate-island.ts). It also opens
// the booking dialog from any booking link, loading the dialog on the first click, and the notice
// of requests kept in the browser when there are any.
import type { ComponentType } from 'react'
import { bookingLinkClicked, upgradeBookingLinks } from '../components/booking/booking-links.ts'
import { KEPT_REQUESTS_KEY } from '../components/forms/kept-requests-flag.ts'
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

upgradeBookingLinks()
document.addEventListener('click', (event) => {
  const link = bookingLinkClicked(event)
  if (!link) return
  event.preventDefault()
  import('../components/booking/open-booking.tsx')
    .then((booking) => booking.openBooking(link))
    .catch((error: unknown) => {
      console.error('The booking dialog failed to load', error)
      window.open(link.href, '_blank', 'noopener')
    })
})

// Requests kept in this browser (the function was unreachable) on an earlier page: their notice
// and later send (KeptRequests.tsx, which mounts itself) load only when some are kept. A form
// that keeps one on this page loads it itself.
try {
  if (localStorage[KEPT_REQUESTS_KEY])
    import('../components/forms/KeptRequests.tsx').catch(console.error)
} catch {
  // no storage, so nothing kept
}
