// A Request Guide / Request Scorecard button (spec §2.13, §2.14). It remembers which guide or
// scorecard it belongs to and opens the request dialog, whose code loads on the first press.
import { useState, type ComponentType } from 'react'
import { Button } from '../ui/Button.tsx'
import type { RequestKind } from '../forms/request-rules.ts'
import type { RequestDialogProps } from './RequestDialog.tsx'

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
  failure: { title: string; description: string }
  /** The failure toast when the request is kept in the browser to be sent later. */
  kept: { title: string; description: string }
}

export interface RequestButtonProps {
  kind: RequestKind
  id: string
  title: string
  label: string
  variant?: 'primary' | 'secondary'
  dialog: RequestDialogCopy
  toasts: RequestToasts
}

export default function RequestButton({ label, variant, ...request }: RequestButtonProps) {
  const [Dialog, setDialog] = useState<ComponentType<RequestDialogProps> | null>(null)
  const [isOpen, setOpen] = useState(false)

  function open() {
    if (Dialog) return setOpen(true)
    import('./RequestDialog.tsx')
      .then((module) => {
        setDialog(() => module.RequestDialog)
        setOpen(true)
      })
      .catch((error: unknown) => console.error('The request form failed to load', error))
  }

  return (
    <>
      <Button variant={variant} size="md" aria-haspopup="dialog" onPress={open} className="w-full">
        {label}
        {/* Seven "Request Guide" buttons on a page: each says which guide to a screen reader. */}
        <span className="sr-only">: {request.title}</span>
      </Button>
      {Dialog && <Dialog {...request} isOpen={isOpen} onOpenChange={setOpen} />}
    </>
  )
}
