// The not-found page's buttons, and the data of the route guard's last layer. Plain HTML: the
// page script (./not-found-page.ts) runs the guard and the Go Back button without React, so
// the page ships no more JavaScript than any other. The two links work without JavaScript.
import { PAGE_CONTROL_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import { buttonStyles } from '../ui/button-styles.ts'
import { GO_BACK_ATTRIBUTE, NOT_FOUND_ROUTES_ATTRIBUTE } from './not-found-attributes.ts'

export interface NotFoundActionsProps {
  back: string
  home: { label: string; href: string }
  contact: { label: string; href: string }
  /** Every listed route path, for the guard. */
  routes: string[]
}

export function NotFoundActions({ back, home, contact, routes }: NotFoundActionsProps) {
  return (
    <div
      className="mt-10 flex flex-col items-center gap-6"
      {...{ [NOT_FOUND_ROUTES_ATTRIBUTE]: JSON.stringify(routes) }}
    >
      <div className="flex flex-wrap justify-center gap-4">
        <button
          type="button"
          // A press before the page script arrived is held and replayed (renderer/page-script.ts).
          {...{ [GO_BACK_ATTRIBUTE]: '', [PAGE_CONTROL_ATTRIBUTE]: '' }}
          className={buttonStyles({ variant: 'secondary', size: 'lg' })}
        >
          {back}
        </button>
        <a href={home.href} className={buttonStyles({ size: 'lg' })}>
          {home.label}
        </a>
      </div>
      <a href={contact.href} className="font-medium text-brand-700 underline underline-offset-2">
        {contact.label}
      </a>
    </div>
  )
}
