import type { PageContextServer } from 'vike/types'
import type { EntryData } from '../../content/schema/collections.ts'
import type { ArticleFacts, FaqItem, PricingPlan } from './structured-data.ts'

/** What every page's +data hook returns for the document head. */
export interface PageMeta {
  /** The page's own title; the site's titleTemplate wraps it (the home page uses it as is). */
  title: string
  description: string
  /** The page's path, for the canonical URL and the navigation's current item. */
  path: string
  /** Breadcrumb trail from the home page, for nested and legal pages. */
  breadcrumbs?: { label: string; path: string }[]
  /** Keep the page out of search results (the not-found page). */
  noindex?: boolean
  /** false: leave the page out of the site's own search, where its words would only repeat
   * another page's (a list's later pages); a noindex page is never in it. */
  inSiteSearch?: boolean
  /** Use the title without the template (the home page). */
  bareTitle?: boolean
  /** The questions the page shows, for FAQPage structured data. */
  faq?: FaqItem[]
  /** The plans of the page's pricing section, for Service structured data with one Offer each. */
  pricing?: PricingPlan[]
  /** An article page: for Article structured data, og:type article and the social card. */
  article?: ArticleFacts
}

/**
 * What every page's +data hook returns: the head's `meta`, and whatever else its page shows.
 * The one typed path to a page's data: the page takes it as `PageProps<Data>` (`Data` being its
 * hook's return type, which must carry `meta`), and the frame (Head, Layout) reads `meta` through
 * `pageMetaOf`. No global type: Vike's `pageContext.data` stays `unknown` until checked here.
 */
export interface PageData {
  meta: PageMeta
}

/** A page component's props: the renderer hands it its hook's data (renderer/+onRenderHtml.tsx). */
export interface PageProps<Data extends PageData> {
  data: Data
}

/** Whether Vike's page data is a page's (the error page Vike renders itself has none). */
function isPageData(data: unknown): data is PageData {
  return typeof data === 'object' && data !== null && 'meta' in data
}

/** The page's meta from its data hook; the error page has none when Vike renders it itself. */
export function pageMetaOf(pageContext: PageContextServer, site: EntryData<'site'>): PageMeta {
  return isPageData(pageContext.data)
    ? pageContext.data.meta
    : {
        title: site.notFound.title,
        description: site.notFound.description,
        path: pageContext.urlPathname,
        noindex: true,
      }
}
