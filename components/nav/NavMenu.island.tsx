// A navigation dropdown following the WAI-ARIA disclosure navigation pattern: a button that
// shows a list of links (not a menu widget). Opens on click, closes on Escape (focus back to
// the button), on choosing a link, on a click outside, and 100 ms after focus leaves it.
import { ChevronDown } from 'lucide-react'
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
} from 'react'
import { Button } from 'react-aria-components/Button'
import { useCloseOnNavigation } from './use-close-on-navigation.ts'
import { useCloseOnOutsidePress } from './use-close-on-outside-press.ts'
import { useDisclosure } from './use-disclosure.ts'
import { focusRingWhen } from '../ui/focus-ring.ts'

const BLUR_CLOSE_DELAY_MS = 100

export interface NavMenuProps {
  label: string
  items: { label: string; href: string }[]
  /** This page, when the menu links to it. */
  currentPath?: string
}

export default function NavMenu({ label, items, currentPath }: NavMenuProps) {
  const [isExpanded, setExpanded] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const isCurrentSection = items.some((item) => item.href === currentPath)
  const close = useCallback(() => setExpanded(false), [])
  const { triggerProps, panelProps } = useDisclosure(isExpanded)
  useCloseOnNavigation(close)
  useCloseOnOutsidePress(root, isExpanded, close)

  useEffect(() => () => clearTimeout(blurTimer.current), [])

  // Escape and focus-leaving are handled on the interactive elements themselves (the trigger and
  // each link), which is where keyboard focus is.
  const focusProps = {
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Escape' && isExpanded) {
        setExpanded(false)
        trigger.current?.focus()
      }
    },
    onFocus: () => clearTimeout(blurTimer.current),
    onBlur: (event: FocusEvent) => {
      if (root.current?.contains(event.relatedTarget as Node | null)) return
      blurTimer.current = setTimeout(() => setExpanded(false), BLUR_CLOSE_DELAY_MS)
    },
  }

  return (
    <div ref={root} className="relative">
      <Button
        ref={trigger}
        {...triggerProps}
        onPress={() => setExpanded(!isExpanded)}
        {...focusProps}
        className={({ isFocusVisible }) =>
          `inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 hover:text-ink motion-reduce:transition-none ${isCurrentSection ? 'text-brand-700' : 'text-slate-700'} ${focusRingWhen(isFocusVisible)}`
        }
      >
        {label}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform motion-reduce:transition-none ${isExpanded ? 'rotate-180' : ''}`}
        />
      </Button>
      <div
        {...panelProps}
        className="absolute top-full left-0 z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <a
                href={item.href}
                aria-current={item.href === currentPath ? 'page' : undefined}
                onClick={() => setExpanded(false)}
                {...focusProps}
                className="block rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800"
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
