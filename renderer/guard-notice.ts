// On the page a redirect landed on: says in the console which address was redirected here (the
// guard's note in the query, see REDIRECTED_FROM_PARAM), then takes the note out of the address
// bar so that it is neither bookmarked nor shared.
import { REDIRECTED_FROM_PARAM } from './guard.ts'

export function reportGuardRedirect() {
  const url = new URL(window.location.href)
  const from = url.searchParams.get(REDIRECTED_FROM_PARAM)
  if (from === null) return
  console.warn(`Route guard: ${from} does not exist; redirected to ${url.pathname}`)
  url.searchParams.delete(REDIRECTED_FROM_PARAM)
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}
