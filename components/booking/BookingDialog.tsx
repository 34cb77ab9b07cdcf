// The booking dialog (spec §2.18): the scheduler for a 30-minute call, full screen, one per
// page. It opens at the first press of a booking link (./booking-links.ts), showing that the
// scheduler is loading until its page has spoken; the frame exists only while the dialog is open.
// If the scheduler stays silent (blocked, offline, down; renderer/dialog-attributes.ts says how
// long and why), the dialog says so and offers the scheduler in a new tab, the company's e-mail
// and its phone. The inline loader only sets the dialog's attributes: all of this is HTML.
import { telHref } from '../../content/schema/phone.ts'
import { OPENER_FRAME_ATTRIBUTE } from '../../renderer/dialog-attributes.ts'
import { useSite } from '../site-context.tsx'
import { ButtonLink } from '../ui/ButtonLink.tsx'
import { NativeDialog } from '../ui/NativeDialog.tsx'
import { BOOKING_DIALOG_ID } from './booking-links.ts'

const contactLink =
  'whitespace-nowrap font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800'

export function BookingDialog() {
  const site = useSite()
  const { scheduler, ui } = site
  return (
    <NativeDialog
      id={BOOKING_DIALOG_ID}
      size="fullscreen"
      title={scheduler.title}
      hideTitle
      closeLabel={ui.close}
    >
      <div className="relative flex min-h-0 flex-1 flex-col">
        {/* One live region for both states, so the change from one to the other is announced.
            The dialog carries data-loaded once the scheduler has spoken, data-failed while it
            has not in time. */}
        <div
          role="status"
          className="absolute inset-0 flex items-center justify-center p-6 text-center"
        >
          <p className="text-base text-muted group-data-[failed]:hidden group-data-[loaded]:hidden">
            {scheduler.loading}
          </p>
          <div className="hidden max-w-md flex-col items-center gap-5 group-data-[failed]:flex">
            <p className="text-lg font-semibold text-ink">{scheduler.unavailable}</p>
            <ButtonLink href={scheduler.url} target="_blank" rel="noopener" size="lg">
              {scheduler.openInNewTab}
            </ButtonLink>
            <p className="text-base text-muted">
              {scheduler.reachUs}{' '}
              <a href={`mailto:${site.email}`} className={contactLink}>
                {site.email}
              </a>{' '}
              ·{' '}
              <a href={telHref(site.phone)} className={contactLink}>
                {site.phone}
              </a>
            </p>
          </div>
        </div>
        <div
          {...{ [OPENER_FRAME_ATTRIBUTE]: '' }}
          data-frame-title={scheduler.title}
          // Unseen until the scheduler speaks (it shows nothing before its handshake anyway);
          // gone when it has not in time, for the fallback beneath it.
          data-frame-class="invisible relative min-h-0 w-full flex-1 border-0 group-data-[failed]:hidden group-data-[loaded]:visible"
          className="flex min-h-0 flex-1 flex-col"
        />
      </div>
    </NativeDialog>
  )
}
