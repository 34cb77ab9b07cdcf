// The not-found page's buttons, and the route guard's last layer. A static host serves this page
// for any unknown address; the guard then decides in the browser exactly as the local server
// would, replacing the history entry when it redirects. The two links work without JavaScript.
import { useEffect } from 'react'
import { withBase, withoutBase } from '../../renderer/base-path.ts'
import { guardRoute, redirectLocation } from '../../renderer/guard.ts'
import { Button } from '../ui/Button.tsx'
import { buttonStyles } from '../ui/button-styles.ts'

export interface NotFoundActionsProps {
  back: string
  home: { label: string; href: string }
  contact: { label: string; href: string }
  /** Every listed route path, for the guard. */
  routes: string[]
}

export default function NotFoundActions({ back, home, contact, routes }: NotFoundActionsProps) {
  useEffect(() => {
    const { pathname, search } = window.location
    // The guard decides inside the site, under the base path it was built for; outside it, no
    // page of this site is meant.
    const base = import.meta.env.BASE_URL
    const sitePath = withoutBase(pathname, base)
    // The base without its trailing slash (a host that does not add it): the home page.
    if (`${pathname}/` === base) {
      window.location.replace(base + search)
      return
    }
    const decision = sitePath === undefined ? undefined : guardRoute(sitePath, search, routes)
    if (decision?.action === 'redirect') {
      // The page it lands on says so in its console (renderer/guard-notice.ts).
      window.location.replace(
        redirectLocation({ ...decision, to: withBase(decision.to, base) }, pathname, search),
      )
      return
    }
    console.error('404 Error: User attempted to access non-existent route:', pathname)
  }, [routes])
  return (
    <div className="mt-10 flex flex-col items-center gap-6">
      <div className="flex flex-wrap justify-center gap-4">
        <Button variant="secondary" size="lg" onPress={() => window.history.back()}>
          {back}
        </Button>
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
