// The page script's part of the not-found page, loaded only there: the route guard's last layer
// and the Go Back button. A static host serves this page for any unknown address; the guard then
// decides in the browser exactly as the local server would, replacing the history entry when it
// redirects.
import { guardRoute, redirectLocation } from '../../renderer/guard.ts'
import { HELD_PRESS_ATTRIBUTE, HYDRATED_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { GO_BACK_ATTRIBUTE, NOT_FOUND_ROUTES_ATTRIBUTE } from './not-found-attributes.ts'

export function startNotFoundPage(actions: HTMLElement) {
  const routes = JSON.parse(actions.getAttribute(NOT_FOUND_ROUTES_ATTRIBUTE) ?? '[]') as string[]
  const { pathname, search } = window.location
  const decision = guardRoute(pathname, search, routes)
  if (decision.action === 'redirect') {
    // The page it lands on says so in its console (renderer/guard-notice.ts).
    window.location.replace(redirectLocation(decision, pathname, search))
    return
  }
  console.error('404 Error: User attempted to access non-existent route:', pathname)
  const back = actions.querySelector<HTMLButtonElement>(`button[${GO_BACK_ATTRIBUTE}]`)
  if (!back) return
  back.addEventListener('click', () => window.history.back())
  back.setAttribute(HYDRATED_ATTRIBUTE, 'true')
  // Pressed before this script ran: the loader held the press; it goes back now.
  if (back.hasAttribute(HELD_PRESS_ATTRIBUTE)) {
    back.removeAttribute(HELD_PRESS_ATTRIBUTE)
    window.history.back()
  }
}
