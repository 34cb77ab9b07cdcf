// A modal dialog that needs no framework: a native <dialog>, opened by the inline loader
// (renderer/page-script.ts) when its opener is pressed. showModal() gives it the top layer,
// makes the page behind it inert (focus stays inside), and closes it on Escape; the close
// button is a form of method "dialog", which closes it without any script.
import { X } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { LIGHT_DISMISS_ATTRIBUTE } from '../../renderer/dialog-attributes.ts'
import { focusRing } from './focus-ring.ts'

const SIZES = {
  // The booking dialog: the scheduler needs the whole screen.
  fullscreen:
    'm-auto h-dvh max-h-none w-screen max-w-none sm:h-[calc(100dvh-2rem)] sm:w-[calc(100vw-2rem)] sm:rounded-xl',
  // Forms: a card of at most 425px, centred.
  form: 'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[425px] overflow-y-auto rounded-xl',
  // Search: near the top, so results grow downwards under the field.
  search:
    'mx-auto mt-4 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl overflow-hidden rounded-xl sm:mt-[10vh] sm:max-h-[80vh]',
} as const

export interface NativeDialogProps {
  /** What its opener names in its `data-opens-dialog`. */
  id: string
  size: keyof typeof SIZES
  /** The dialog's title: its accessible name, shown as its heading. */
  title: string
  /** Hide the heading visually (the content names itself), keeping it for screen readers. */
  hideTitle?: boolean
  /** Accessible label of the close button, e.g. "Close". */
  closeLabel: string
  children: ReactNode
}

export function NativeDialog({
  id,
  size,
  title,
  hideTitle,
  closeLabel,
  children,
}: NativeDialogProps) {
  const headingId = useId()
  return (
    <dialog
      id={id}
      aria-labelledby={headingId}
      // The loader focuses the dialog itself, as a screen reader expects: it reads the title (or
      // the field marked autofocus in a dialog made to type in, the search).
      tabIndex={-1}
      {...{ [LIGHT_DISMISS_ATTRIBUTE]: '' }}
      className={`group flex-col bg-white p-0 text-slate-900 shadow-2xl outline-none backdrop:bg-ink/60 open:flex ${SIZES[size]}`}
    >
      <div
        className={`flex items-start justify-between gap-4 ${hideTitle ? 'absolute top-2 right-2 z-10' : 'px-6 pt-6'}`}
      >
        <h2
          id={headingId}
          className={hideTitle ? 'sr-only' : 'text-xl font-bold tracking-tight text-ink'}
        >
          {title}
        </h2>
        <form method="dialog">
          <button
            aria-label={closeLabel}
            className={`-mt-1 -mr-2 inline-flex size-10 items-center justify-center rounded-lg bg-white/90 text-ink shadow-sm transition-colors hover:bg-slate-100 motion-reduce:transition-none ${focusRing.control}`}
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </form>
      </div>
      {children}
    </dialog>
  )
}
