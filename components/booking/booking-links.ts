// Booking links: every "opens: booking" call to action is a link to the scheduler (the no-JS
// fallback, opening in a new tab) that names the page's booking dialog (./BookingDialog.tsx).
// The inline loader (renderer/page-script.ts) opens that dialog on a plain press from the first
// paint on; a modified press is left to the browser.
import { OPENS_DIALOG_ATTRIBUTE } from '../../renderer/dialog-attributes.ts'

/** The id of the one booking dialog of every page. */
export const BOOKING_DIALOG_ID = 'booking-dialog'

const BOOKING_LINK = 'a[data-opens="booking"]'

/** The attributes ActionButton puts on a booking link to the scheduler at `url`. */
export function bookingLinkAttributes(url: string) {
  return {
    href: url,
    target: '_blank',
    rel: 'noopener',
    'data-opens': 'booking',
    [OPENS_DIALOG_ATTRIBUTE]: BOOKING_DIALOG_ID,
  } as const
}

/** Once JavaScript runs, a booking link opens a dialog: say so to assistive technology. */
export function upgradeBookingLinks(root: ParentNode = document) {
  for (const link of root.querySelectorAll(BOOKING_LINK))
    link.setAttribute('aria-haspopup', 'dialog')
}
