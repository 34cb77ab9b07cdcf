// The page script's part of booking: every booking link opens the dialog in place.
import { bookingLinkClicked, upgradeBookingLinks } from './booking-links.ts'

/** Opens the booking dialog from any booking link, loading the dialog on the first click. */
export function handleBookingLinks() {
  upgradeBookingLinks()
  document.addEventListener('click', (event) => {
    const link = bookingLinkClicked(event)
    if (!link) return
    event.preventDefault()
    import('./open-booking.tsx')
      // A module, not a destructured import: Vite wraps that in extra code, on every page.
      .then((booking) => booking.openBooking(link))
      .catch((error: unknown) => {
        console.error('The booking dialog failed to load', error)
        window.open(link.href, '_blank', 'noopener')
      })
  })
}
