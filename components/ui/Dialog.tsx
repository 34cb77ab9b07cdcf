import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { Dialog as AriaDialog, type DialogProps } from 'react-aria-components/Dialog'
import { Heading } from 'react-aria-components/Heading'
import { Button } from './Button.tsx'

export interface Props extends Omit<DialogProps, 'children' | 'className'> {
  /** The dialog's title: its accessible name, shown as its heading. */
  title: string
  /** Hide the heading visually (the content names itself), keeping it for screen readers. */
  hideTitle?: boolean
  /** Accessible label of the close button, e.g. "Close". */
  closeLabel: string
  children: ReactNode
  className?: string
}

/** A dialog with a heading and a close button; put it inside a <Modal>. */
export function Dialog({
  title,
  hideTitle,
  closeLabel,
  children,
  className = '',
  ...props
}: Props) {
  return (
    <AriaDialog
      {...props}
      className={`relative flex min-h-0 flex-1 flex-col outline-none ${className}`}
    >
      {({ close }) => (
        <>
          <div
            className={`flex items-start justify-between gap-4 ${hideTitle ? 'absolute top-2 right-2 z-10' : 'px-6 pt-6'}`}
          >
            <Heading
              slot="title"
              className={hideTitle ? 'sr-only' : 'text-xl font-bold tracking-tight text-ink'}
            >
              {title}
            </Heading>
            <Button
              variant="quiet"
              aria-label={closeLabel}
              onPress={close}
              className="-mt-1 -mr-2 size-10 bg-white/90 !p-0 shadow-sm"
            >
              <X aria-hidden="true" className="size-5" />
            </Button>
          </div>
          {children}
        </>
      )}
    </AriaDialog>
  )
}
