// The dev server only (builder/vite/content-plugin.ts adds it to every page's head): when a content
// file changes, the open page is rendered afresh and put in place of the old one, without a
// reload, so a writer keeps their place. A page whose entry has a problem shows its problems the
// same way (the error page's panel), and shows itself again once the file is fixed.
// The event's name is CONTENT_CHANGED_EVENT of the plugin, which this browser script cannot import.
const CONTENT_CHANGED_EVENT = 'content:changed'

let rendering: Promise<void> = Promise.resolve()

async function renderAfresh() {
  const response = await fetch(location.href, { headers: { accept: 'text/html' } })
  const next = new DOMParser().parseFromString(await response.text(), 'text/html')
  const { scrollX, scrollY } = window
  // Scripts parsed this way never run: the page's own scripts stay the ones already running.
  document.head.replaceChildren(
    ...[...next.head.childNodes].map((node) => document.adoptNode(node)),
  )
  document.body.replaceWith(document.adoptNode(next.body))
  window.scrollTo(scrollX, scrollY)
  const { startIslands } = await import('./start-islands.ts')
  startIslands()
}

import.meta.hot?.on(CONTENT_CHANGED_EVENT, () => {
  // One at a time, in order: a save that lands mid-render is rendered after it.
  rendering = rendering.then(renderAfresh).catch((error: unknown) => {
    console.error('Could not render the page afresh; reload it', error)
  })
})
