// Booking links: every "opens: booking" call to action is a link to the scheduler (the no-JS
// fallback, opening in a new tab) carrying what the booking dialog needs in data attributes.
// The page script (components/start-page.ts) turns a plain click on one into the dialog
// (./handle-booking-links.ts).

const BOOKING_LINK = 'a[data-opens="booking"]'

export interface BookingDialogCopy {
  /** The scheduler page, e.g. https://cal.com/…/30min. */
  url: string
  /** Accessible name of the dialog and of its frame. */
  title: string
  /** Accessible label of the close button. */
  closeLabel: string
}

/** The attributes ActionButton puts on a booking link. */
export function bookingLinkAttributes({ url, title, closeLabel }: BookingDialogCopy) {
  return {
    href: url,
    target: '_blank',
    rel: 'noopener',
    'data-opens': 'booking',
    'data-dialog-title': title,
    'data-close-label': closeLabel,
  } as const
}

export function readBookingLink(link: HTMLAnchorElement): BookingDialogCopy {
  return {
    url: link.href,
    title: link.dataset.dialogTitle ?? '',
    closeLabel: link.dataset.closeLabel ?? '',
  }
}

/** The booking link a plain left click landed on (modified clicks keep opening a new tab). */
export function bookingLinkClicked(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  return (event.target as Element | null)?.closest?.<HTMLAnchorElement>(BOOKING_LINK) ?? null
}

/** Once the page script runs, booking links open a dialog in place rather than a new tab. */
export function upgradeBookingLinks(root: ParentNode = document) {
  for (const link of root.querySelectorAll(BOOKING_LINK)) {
    link.setAttribute('aria-haspopup', 'dialog')
    link.removeAttribute('target')
  }
}
