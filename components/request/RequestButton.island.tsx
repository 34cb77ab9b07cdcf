// A Request Guide / Request Scorecard button (spec §2.13, §2.14) and the request dialog it opens.
// The dialog and its form are in the HTML, so the inline loader (renderer/page-script.ts) opens
// it at the first press, fields and all, before any script has arrived; the island starts when
// a visitor reaches for it (opening the dialog moves focus into it), and keeps what was typed
// and the Send pressed meanwhile (renderer/early-input.ts).
import { useId } from 'react'
import { OPENS_DIALOG_ATTRIBUTE } from '../../renderer/dialog-attributes.ts'
import { buttonStyles } from '../ui/button-styles.ts'
import { RequestDialog } from './RequestDialog.tsx'
import type { RequestButtonProps } from './request-props.ts'

export type { RequestButtonProps }

export default function RequestButton({ label, variant, ...request }: RequestButtonProps) {
  const dialogId = useId()
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        {...{ [OPENS_DIALOG_ATTRIBUTE]: dialogId }}
        className={buttonStyles({ variant, size: 'md', className: 'w-full' })}
      >
        {label}
        {/* Seven "Request Guide" buttons on a page: each says which guide to a screen reader. */}
        <span className="sr-only">: {request.title}</span>
      </button>
      <RequestDialog {...request} id={dialogId} />
    </>
  )
}
