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
  /** Use the title without the template (the home page). */
  bareTitle?: boolean
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Vike's typing convention
  namespace Vike {
    interface PageContext {
      data?: { meta: PageMeta }
    }
  }
}
