// What the request dialog is given by its page: the kind of item requested and the dialog's
// copy. The item itself comes from the button that opens it (./RequestOpenButton.tsx).
import type { PreviewCopy } from '../forms/PreviewNotice.tsx'
import type { RequestKind } from '../forms/request-rules.ts'

export interface RequestDialogCopy {
  /** The dialog's heading, e.g. "Request Guide". */
  title: string
  /** A sentence under the heading; "{title}" is replaced with the item's title. */
  description?: string
  fields: Record<
    'name' | 'email' | 'phone' | 'company' | 'message',
    { label: string; placeholder?: string }
  >
  submit: string
  sending: string
  close: string
}

export interface RequestToasts {
  /** Description may contain "{title}". */
  success: { title: string; description: string }
  /** The spec's failure toast (§8): shown on every failure, word for word. */
  failure: { title: string; description: string }
  /** The sentence added after the failure's when the request is kept to be sent later. */
  kept: string
}

export interface RequestDialogProps {
  /** What the request buttons name in their `data-opens-dialog`. */
  id: string
  kind: RequestKind
  dialog: RequestDialogCopy
  toasts: RequestToasts
  /** In a preview build only: the form sends nothing and says so. */
  preview?: PreviewCopy
}
