// The booking dialog (spec §2.18): the scheduler for a 30-minute call, full screen. The frame
// exists only while the dialog is open.
import { Dialog } from '../ui/Dialog.tsx'
import { Modal } from '../ui/Modal.tsx'
import type { BookingDialogCopy } from './booking-links.ts'

export interface BookingModalProps extends BookingDialogCopy {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
}

export function BookingModal({ url, title, closeLabel, isOpen, onOpenChange }: BookingModalProps) {
  return (
    <Modal size="fullscreen" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={title} hideTitle closeLabel={closeLabel}>
        <iframe src={url} title={title} className="min-h-0 w-full flex-1 border-0" />
      </Dialog>
    </Modal>
  )
}
