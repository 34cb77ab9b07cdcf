import { composeRenderProps } from 'react-aria-components/composeRenderProps'
import {
  Modal as AriaModal,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components/Modal'
import { tv } from 'tailwind-variants/lite'

const overlayStyles = tv({
  base: 'fixed inset-0 z-50 flex bg-ink/60 dark:bg-black/70',
  variants: {
    size: {
      // The booking dialog: the scheduler needs the whole screen.
      fullscreen: 'p-0 sm:p-4',
      // Forms: a card of at most 425px, centred.
      form: 'items-center justify-center p-4',
      // Search: near the top, so results grow downwards under the field.
      search: 'items-start justify-center p-4 sm:pt-[10vh]',
    },
  },
})

const modalStyles = tv({
  base: 'flex max-h-full w-full flex-col overflow-hidden bg-white shadow-2xl outline-none',
  variants: {
    size: {
      fullscreen: 'h-full sm:rounded-xl',
      form: 'max-w-[425px] overflow-y-auto rounded-xl',
      search: 'max-h-[calc(100dvh-2rem)] max-w-2xl rounded-xl sm:max-h-[80vh]',
    },
  },
})

export interface ModalProps extends Omit<ModalOverlayProps, 'className'> {
  size: 'fullscreen' | 'form' | 'search'
}

/**
 * A modal layer: dims the page, traps focus inside, closes on Escape and on a click outside,
 * and returns focus to whatever opened it.
 */
export function Modal({ size, children, ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} isDismissable className={overlayStyles({ size })}>
      <AriaModal
        className={composeRenderProps('', (className) => modalStyles({ size, className }))}
      >
        {children}
      </AriaModal>
    </ModalOverlay>
  )
}
