// A Request Guide / Request Scorecard button (spec §2.13, §2.14). It remembers which guide or
// scorecard it belongs to and opens the request dialog, whose code loads on the first press.
import { useState, type ComponentType } from 'react'
import { Button } from '../ui/Button.tsx'
import type { RequestDialogProps } from './RequestDialog.tsx'
import type { RequestButtonProps } from './request-props.ts'

export type { RequestButtonProps }

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
