// The site's one toast region. toast.ts mounts it on the first toast, so no page pays for it
// up front; every island that shows a toast shares the queue below.
import { X } from 'lucide-react'
import { Button } from 'react-aria-components/Button'
import { Text } from 'react-aria-components/Text'
import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components/Toast'
import { tv } from 'tailwind-variants/lite'
import { focusRing } from './focus-ring.ts'

export interface ToastMessage {
  title: string
  description: string
  /**
   * A further sentence shown after the description, in the same toast: what happens next, e.g.
   * that a failed request is kept in the browser and sent later.
   */
  detail?: string
  /** Failures are shown in the destructive style. */
  variant?: 'default' | 'destructive'
}

export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 })

const toastStyles = tv({
  base: `pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg outline-none ${focusRing.control}`,
  variants: {
    variant: {
      default: 'border-slate-200 bg-white text-ink',
      destructive: 'border-red-800 bg-red-700 text-white',
    },
  },
})

export function Toasts() {
  return (
    <ToastRegion
      queue={toastQueue}
      className="fixed right-4 bottom-4 left-4 z-[60] flex flex-col-reverse items-end gap-2 outline-none sm:left-auto sm:w-96"
    >
      {({ toast }) => {
        const variant = toast.content.variant ?? 'default'
        return (
          <AriaToast toast={toast} className={toastStyles({ variant })} data-variant={variant}>
            <ToastContent className="flex min-w-0 flex-1 flex-col gap-1">
              <Text slot="title" className="font-semibold">
                {toast.content.title}
              </Text>
              <Text
                slot="description"
                className={`text-sm ${variant === 'destructive' ? 'text-white' : 'text-muted'}`}
              >
                {toast.content.description}
                {/* The space keeps the sentences apart in the toast's accessible description. */}
                {toast.content.detail && (
                  <span className="mt-1 block"> {toast.content.detail}</span>
                )}
              </Text>
            </ToastContent>
            {/* Labelled by React Aria ("Close", localised). */}
            <Button
              slot="close"
              className={`-m-1 flex size-8 shrink-0 items-center justify-center rounded-md outline-none hover:bg-black/10 ${focusRing.onColour}`}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </AriaToast>
        )
      }}
    </ToastRegion>
  )
}
