import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button, type ButtonProps } from 'react-aria-components/Button'
import { focusRingWhen } from './focus-ring.ts'

/** A round previous/next button for carousels. */
export function CarouselButton({
  direction,
  label,
  ...props
}: Omit<ButtonProps, 'children' | 'className'> & {
  direction: 'previous' | 'next'
  label: string
}) {
  const Icon = direction === 'previous' ? ChevronLeft : ChevronRight
  return (
    <Button
      {...props}
      aria-label={label}
      className={({ isFocusVisible }) =>
        `flex size-11 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white text-ink shadow-sm transition-colors hover:bg-slate-50 motion-reduce:transition-none ${focusRingWhen(isFocusVisible)}`
      }
    >
      <Icon aria-hidden="true" className="size-5" />
    </Button>
  )
}
