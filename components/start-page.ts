// The page script of this site, added to every page by the inline loader (renderer/page-script.ts)
// once it has painted: the renderer's island starter, then the booking links' popup hint (the
// loader itself opens their dialog, and the search's), then the notice of requests kept in this
// browser when there are any, and on the not-found page only, its guard and button.
import '../renderer/start-islands.ts'
import { upgradeBookingLinks } from './booking/booking-links.ts'
import { showKeptRequests } from './forms/show-kept-requests.ts'
import { NOT_FOUND_ACTIONS } from './nav/not-found-attributes.ts'

upgradeBookingLinks()
showKeptRequests()
const notFound = document.querySelector<HTMLElement>(NOT_FOUND_ACTIONS)
// A module, not a destructured import: Vite wraps that in extra code, on every page.
if (notFound)
  import('./nav/not-found-page.ts')
    .then((page) => page.startNotFoundPage(notFound))
    .catch((error: unknown) => console.error(error))
