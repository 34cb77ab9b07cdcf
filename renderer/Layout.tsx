import type { ReactNode } from 'react'
import type { KeptRequestsProps } from '../components/forms/KeptRequests.tsx'
import { SiteFooter } from '../components/layout/SiteFooter.tsx'
import { SiteHeader } from '../components/layout/SiteHeader.tsx'
import { SiteProvider } from '../components/site-context.tsx'
import type { EntryData } from '../content/config.ts'

/** The frame around every page: fixed header, padded main, footer. */
export function Layout({
  site,
  path,
  children,
}: {
  site: EntryData<'site'>
  path: string
  children: ReactNode
}) {
  return (
    <SiteProvider site={site}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow"
      >
        {site.ui.skipToContent}
      </a>
      <SiteHeader site={site} path={path} />
      <main id="main" tabIndex={-1} className="pt-16 outline-none">
        {children}
      </main>
      <SiteFooter site={site} />
      {/* Requests kept in this browser to be sent later: the page script mounts their notice
          here only when there are some (components/forms/KeptRequests.tsx). */}
      <div
        data-kept-requests=""
        data-props={JSON.stringify({
          notice: site.keptRequests.notice,
          sent: site.keptRequests.sent,
        } satisfies KeptRequestsProps)}
      />
    </SiteProvider>
  )
}
