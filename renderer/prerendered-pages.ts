// Lets the build see each page the moment it is prerendered, so work on finished pages (the
// search index, in a process of its own) runs beside the prerender instead of after it. The
// listener lives on globalThis because the build and the server bundle each have their own copy
// of this module. Outside a build nobody listens, and reporting costs nothing.
const LISTENER = Symbol.for('site:prerendered-page')

export type PrerenderedPageListener = (url: string, html: string) => void

type WithListener = { [LISTENER]?: PrerenderedPageListener }

/** Called by the build: `listener` gets each page's URL and document; undefined stops it. */
export function listenForPrerenderedPages(listener: PrerenderedPageListener | undefined) {
  ;(globalThis as WithListener)[LISTENER] = listener
}

/** Called by the renderer with each prerendered document (before Vike adds its asset tags). */
export function reportPrerenderedPage(url: string, html: string) {
  ;(globalThis as WithListener)[LISTENER]?.(url, html)
}
