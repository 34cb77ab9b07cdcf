import type { ReactNode } from 'react'
import type { PageContextServer } from 'vike/types'
import { withoutLinksTo } from '../../site/drafts.ts'
import { getSite, listOmittedDraftPaths } from '../../site/content.ts'
import type { KeptRequestsProps } from '../forms/KeptRequests.tsx'
import { BookingDialog } from '../booking/BookingDialog.tsx'
import { searched } from '../search/indexed-content.ts'
import { SearchDialog } from '../search/SearchDialog.tsx'
import type { SearchCopy } from '../search/search-button.ts'
import { SiteProvider } from '../site-context.tsx'
import { pageMetaOf } from './page-meta.ts'
import { SiteFooter } from './SiteFooter.tsx'
import { SiteHeader } from './SiteHeader.tsx'

// Worked out once per content load (the dev server's fresh content is a new object).
const sitesForPages = new WeakMap<object, ReturnType<typeof getSite>>()

/** The site as every page shows it: links to drafts left out of this build would lead nowhere. */
export function siteForPage() {
  const site = getSite()
  let forPages = sitesForPages.get(site)
  if (!forPages) {
    forPages = withoutLinksTo(site, listOmittedDraftPaths())
    sitesForPages.set(site, forPages)
  }
  return forPages
}

/** The search dialog's words: the site's, but for its button's label, and the common close label. */
function searchCopyOf(site: ReturnType<typeof siteForPage>): SearchCopy {
  const { open: _buttonLabel, ...words } = site.search
  return { ...words, close: site.ui.close }
}

/** The frame around every page (the renderer's Layout setting, pages/+Layout.ts). */
export function Layout({
  pageContext,
  children,
}: {
  pageContext: PageContextServer
  children: ReactNode
}) {
  const site = siteForPage()
  const { path, noindex, inSiteSearch = true } = pageMetaOf(pageContext, site)
  return (
    <SiteProvider site={site}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-brand-800 focus:shadow"
      >
        {site.ui.skipToContent}
      </a>
      <SiteHeader site={site} path={path} />
      {/* The site search indexes the main content of every indexable page, not the header or
          footer (builder/outputs/search-index.ts). */}
      <main
        id="main"
        tabIndex={-1}
        className="pt-16 outline-none"
        {...(noindex || !inSiteSearch ? {} : searched)}
      >
        {children}
      </main>
      <SiteFooter site={site} />
      <BookingDialog />
      <SearchDialog copy={searchCopyOf(site)} />
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
