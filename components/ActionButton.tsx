import type { Action } from '../content/index.ts'
import { bookingLinkAttributes } from './booking/booking-links.ts'
import { useSite } from './site-context.tsx'
import { ButtonLink } from './ui/ButtonLink.tsx'

/**
 * A call to action from content. A booking action is a link to the scheduler, so it works
 * without JavaScript; the page script upgrades it to open the booking dialog in place.
 */
export function ActionButton({ action, size = 'lg' }: { action: Action; size?: 'md' | 'lg' }) {
  const { scheduler, ui } = useSite()
  const target =
    action.opens === 'booking'
      ? bookingLinkAttributes({ url: scheduler.url, title: scheduler.title, closeLabel: ui.close })
      : { href: action.href ?? '#' }
  return (
    <ButtonLink {...target} variant={action.variant} size={size}>
      {action.label}
    </ButtonLink>
  )
}
