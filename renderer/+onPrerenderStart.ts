// Puts the pages in address order before Vike prerenders them, and tells the build that order
// (./prerendered-pages.ts). Vike collects the addresses from several hooks at once, so its own
// order changes from build to build; the search index, which depends on the order it is given
// pages in, would change with it.
//
// The hook returns copies, as Vike's own i18n example does: handed back the objects it passed
// in, Vike reads their deprecated `url` getter and prints a warning with a stack trace on every
// build.
import type { PageContextServer } from 'vike/types'
import { reportPrerenderOrder } from './prerendered-pages.ts'

export function onPrerenderStart({ pageContexts }: { pageContexts: PageContextServer[] }) {
  const sorted = pageContexts
    .toSorted((a, b) => (a.urlOriginal < b.urlOriginal ? -1 : 1))
    .map((pageContext) => ({ ...pageContext }))
  reportPrerenderOrder(sorted.map((pageContext) => pageContext.urlOriginal))
  return { prerenderContext: { pageContexts: sorted } }
}
