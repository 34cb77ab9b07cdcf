import type { Action } from '../content/index.ts'
import { useSite } from './site-context.tsx'
import { ButtonLink } from './ui/ButtonLink.tsx'

/**
 * A call to action from content. A booking action is a link to the scheduler, so it works
 * without JavaScript; the booking dialog island upgrades it to open in place.
 */
export function ActionButton({ action, size = 'lg' }: { action: Action; size?: 'md' | 'lg' }) {
  const { scheduler } = useSite()
  const href = action.opens === 'booking' ? scheduler.url : (action.href ?? '#')
  return (
    <ButtonLink
      href={href}
      variant={action.variant}
      size={size}
      data-opens={action.opens}
      {...(action.opens === 'booking' ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {action.label}
    </ButtonLink>
  )
}
