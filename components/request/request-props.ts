// What a request button is given by its page: the item it requests and the dialog's copy. Its
// own file so that the button and the dialog it loads on the first press both read it.
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

export interface RequestButtonProps {
  kind: RequestKind
  id: string
  title: string
  label: string
  variant?: 'primary' | 'secondary'
  dialog: RequestDialogCopy
  toasts: RequestToasts
  /** In a preview build only: the form sends nothing and says so. */
  preview?: PreviewCopy
}
