// The small-screen navigation (spec §2.3): a hamburger button disclosing the same items as the
// top bar, following the WAI-ARIA disclosure navigation pattern (a button and a list of links).
// Closes when a link is chosen, on Escape (focus back to the button) and on a click outside.
import { Menu, X } from 'lucide-react'
import { useCallback, useRef, useState, type KeyboardEvent } from 'react'
import { Button } from 'react-aria-components/Button'
import { useCloseOnNavigation } from './use-close-on-navigation.ts'
import { useCloseOnOutsidePress } from './use-close-on-outside-press.ts'
import { useDisclosure } from './use-disclosure.ts'
import { focusRingWhen } from '../ui/focus-ring.ts'

interface NavLink {
  label: string
  href: string
}

export interface MobileMenuProps {
  /** Name of the navigation landmark, e.g. "Main". */
  navigationLabel: string
  /** The button's label, e.g. "Menu". */
  label: string
  menus: { label: string; items: NavLink[] }[]
  links: NavLink[]
  /** This page, when the menu links to it. */
  currentPath?: string
  /**
   * Server-rendered HTML at the foot of the menu (the search button and theme control), run by
   * the page script and the inline theme script, not by this island: kept as it is on hydration.
   * `true` in the browser, where the page has it already (renderer/Island.tsx, serverHtml).
   */
  toolsHtml?: string | true
}

// One object for every render in the browser: React sets innerHTML only when __html changes, so
// the server's tools stay.
const KEEP_SERVER_HTML = { __html: '' }

const linkClass =
  'block rounded-md px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800'

export default function MobileMenu({
  navigationLabel,
  label,
  menus,
  links,
  currentPath,
  toolsHtml,
}: MobileMenuProps) {
  const [isExpanded, setExpanded] = useState(false)
  const root = useRef<HTMLElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  const close = useCallback(() => setExpanded(false), [])
  const { triggerProps, panelProps } = useDisclosure(isExpanded)
  useCloseOnNavigation(close)
  useCloseOnOutsidePress(root, isExpanded, close)

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isExpanded) {
      setExpanded(false)
      trigger.current?.focus()
    }
  }
  const link = (item: NavLink) => (
    <li key={item.href}>
      <a
        href={item.href}
        aria-current={item.href === currentPath ? 'page' : undefined}
        onClick={() => setExpanded(false)}
        className={linkClass}
      >
        {item.label}
      </a>
    </li>
  )

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape from anywhere inside the menu
    <nav ref={root} aria-label={navigationLabel} onKeyDown={onKeyDown} className="lg:hidden">
      <Button
        ref={trigger}
        {...triggerProps}
        onPress={() => setExpanded(!isExpanded)}
        className={({ isFocusVisible }) =>
          `inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 ${focusRingWhen(isFocusVisible)}`
        }
      >
        {isExpanded ? (
          <X aria-hidden="true" className="size-5" />
        ) : (
          <Menu aria-hidden="true" className="size-5" />
        )}
        {label}
      </Button>
      <div
        {...panelProps}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 py-4 shadow-lg"
      >
        {menus.map((menu) => (
          <section key={menu.label} className="mb-3" aria-label={menu.label}>
            <p
              aria-hidden="true"
              className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
            >
              {menu.label}
            </p>
            <ul>{menu.items.map(link)}</ul>
          </section>
        ))}
        <ul className="border-t border-slate-200 pt-3">{links.map(link)}</ul>
        {toolsHtml && (
          <div
            className="mt-3 border-t border-slate-200 px-3 pt-3"
            suppressHydrationWarning
            dangerouslySetInnerHTML={toolsHtml === true ? KEEP_SERVER_HTML : { __html: toolsHtml }}
          />
        )}
      </div>
    </nav>
  )
}
