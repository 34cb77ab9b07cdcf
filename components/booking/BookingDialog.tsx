// The booking dialog (spec §2.18): the scheduler for a 30-minute call, full screen, one per
// page. It opens at the first press of a booking link (./booking-links.ts), showing that the
// scheduler is loading until its frame has; the frame exists only while the dialog is open.
import { OPENER_FRAME_ATTRIBUTE } from '../../renderer/dialog-attributes.ts'
import { useSite } from '../site-context.tsx'
import { NativeDialog } from '../ui/NativeDialog.tsx'
import { BOOKING_DIALOG_ID } from './booking-links.ts'

export function BookingDialog() {
  const { scheduler, ui } = useSite()
  return (
    <NativeDialog
      id={BOOKING_DIALOG_ID}
      size="fullscreen"
      title={scheduler.title}
      hideTitle
      closeLabel={ui.close}
    >
      <div className="relative flex min-h-0 flex-1 flex-col">
        <p
          role="status"
          // Hidden once the dialog carries FRAME_LOADED_ATTRIBUTE (data-loaded).
          className="absolute inset-0 flex items-center justify-center text-base text-muted group-data-[loaded]:hidden"
        >
          {scheduler.loading}
        </p>
        <div
          {...{ [OPENER_FRAME_ATTRIBUTE]: '' }}
          data-frame-title={scheduler.title}
          data-frame-class="relative min-h-0 w-full flex-1 border-0"
          className="flex min-h-0 flex-1 flex-col"
        />
      </div>
    </NativeDialog>
  )
}
