// Lets the build see the prerender as it happens: the order Vike will render the pages in, then
// each page the moment it is rendered, so work on finished pages (the search index, the page
// scan) runs beside the prerender instead of after it. The listener lives on globalThis because
// the build and the server bundle each have their own copy of this module. Outside a build
// nobody listens, and reporting costs nothing.
const LISTENER = Symbol.for('site:prerendered-page')

export interface PrerenderListener {
  /** The addresses of every page, in the order Vike starts rendering them. */
  order(urls: string[]): void
  /** One page's address and document. */
  page(url: string, html: string): void
}

type WithListener = { [LISTENER]?: PrerenderListener }

/** Called by the build; undefined stops listening. */
export function listenForPrerenderedPages(listener: PrerenderListener | undefined) {
  ;(globalThis as WithListener)[LISTENER] = listener
}

/** Called by ./+onPrerenderStart.ts with the pages about to be prerendered, in order. */
export function reportPrerenderOrder(urls: string[]) {
  ;(globalThis as WithListener)[LISTENER]?.order(urls)
}

/** Called by the renderer with each prerendered document (before Vike adds its asset tags). */
export function reportPrerenderedPage(url: string, html: string) {
  ;(globalThis as WithListener)[LISTENER]?.page(url, html)
}
