// The page script of this site, added to every page by the inline loader (renderer/page-script.ts)
// once it has painted: the renderer's island starter, then the booking links' popup hint (the
// loader itself opens their dialog) and the search button, then the notice of requests kept in
// this browser when there are any.
import '../renderer/start-islands.ts'
import { upgradeBookingLinks } from './booking/booking-links.ts'
import { showKeptRequests } from './forms/show-kept-requests.ts'
import { handleSearch } from './search/handle-search.ts'

upgradeBookingLinks()
handleSearch()
showKeptRequests()
