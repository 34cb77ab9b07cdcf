// Opens the booking dialog for a clicked booking link. Loaded on the first click; renders the
// dialog in its own React root, created once and reused for later opens.
import { useState } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { BookingModal } from './BookingModal.tsx'
import { readBookingLink, type BookingDialogCopy } from './booking-links.ts'

let root: Root | undefined

function BookingDialogRoot({ copy }: { copy: BookingDialogCopy }) {
  const [isOpen, setOpen] = useState(true)
  return <BookingModal {...copy} isOpen={isOpen} onOpenChange={setOpen} />
}

export function openBooking(link: HTMLAnchorElement) {
  // Some browsers do not focus a clicked link; the dialog returns focus to whatever had it.
  link.focus()
  if (!root) {
    const host = document.createElement('div')
    host.dataset.bookingDialog = ''
    document.body.append(host)
    root = createRoot(host, { identifierPrefix: 'booking-' })
  }
  // A fresh key per opening: a new dialog, open, remembering the link that opened it.
  root.render(<BookingDialogRoot key={Date.now()} copy={readBookingLink(link)} />)
}
