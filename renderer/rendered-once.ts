// Markup a build renders once and reuses: parts of a page whose HTML follows from the key alone
// (an island's component, props and id prefix; the header for one current page). A build's
// content does not change while it runs; the dev server renders afresh, as content can change
// under it.
const rendered = new Map<string, string>()

export function renderedOnce(key: string, render: () => string): string {
  // In a browser (the editor's preview pane draws the header and islands), content changes
  // while the page lives, as in the dev server.
  if (!import.meta.env.PROD || !import.meta.env.SSR) return render()
  let html = rendered.get(key)
  if (html === undefined) {
    html = render()
    rendered.set(key, html)
  }
  return html
}
