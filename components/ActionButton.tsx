import type { Action } from '../site/content.ts'
import { bookingLinkAttributes } from './booking/booking-links.ts'
import { useSite } from './site-context.tsx'
import { ButtonLink } from './ui/ButtonLink.tsx'

// On a dark band the primary button turns white and the outlined one light, keeping AA contrast
// (in the dark theme, the band's own dark: colours, components/sections/CallToAction.tsx). The
// `!` wins over the base variant's colours whatever their order in the stylesheet: the primary
// hover's brand-800 once showed under the band's dark text (1.2:1 in the dark theme).
const INVERSE = {
  primary: 'bg-white !text-brand-900 hover:!bg-brand-50',
  secondary:
    '!border-white/70 !bg-transparent !text-white hover:!bg-white/10 dark:!border-ink/70 dark:!text-ink dark:hover:!bg-ink/10',
} as const

/**
 * A call to action from content. A booking action is a link to the scheduler, so it works
 * without JavaScript; with it, a press opens the page's booking dialog in place.
 */
export function ActionButton({
  action,
  size = 'lg',
  tone = 'default',
}: {
  action: Action
  size?: 'md' | 'lg'
  /** `inverse` on dark backgrounds. */
  tone?: 'default' | 'inverse'
}) {
  const { scheduler } = useSite()
  const href = action.href ?? '#'
  const target =
    action.opens === 'booking'
      ? bookingLinkAttributes(scheduler.url)
      : { href, ...(href.startsWith('https://') ? { target: '_blank', rel: 'noopener' } : {}) }
  return (
    <ButtonLink
      {...target}
      variant={action.variant}
      size={size}
      className={tone === 'inverse' ? INVERSE[action.variant] : undefined}
    >
      {action.label}
    </ButtonLink>
  )
}

/** A row of calls to action, or nothing when there are none. Centred under a section by default. */
export function ActionRow({
  actions,
  className = 'mt-12 justify-center',
  tone,
}: {
  actions: Action[]
  /** Spacing and alignment of the row. */
  className?: string
  tone?: 'default' | 'inverse'
}) {
  if (!actions.length) return null
  return (
    <div className={`flex flex-wrap gap-4 ${className}`}>
      {actions.map((action) => (
        <ActionButton key={action.label} action={action} tone={tone} />
      ))}
    </div>
  )
}
