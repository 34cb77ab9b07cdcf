// Puts the pages in address order before Vike prerenders them, and tells the build that order
// (./prerendered-pages.ts). Vike collects the addresses from several hooks at once, so its own
// order changes from build to build; the search index, which depends on the order it is given
// pages in, would change with it.
import type { PageContextServer } from 'vike/types'
import { reportPrerenderOrder } from './prerendered-pages.ts'

export function onPrerenderStart({ pageContexts }: { pageContexts: PageContextServer[] }) {
  const sorted = pageContexts.toSorted((a, b) => (a.urlOriginal < b.urlOriginal ? -1 : 1))
  reportPrerenderOrder(sorted.map((pageContext) => pageContext.urlOriginal))
  return { prerenderContext: { pageContexts: sorted } }
}
