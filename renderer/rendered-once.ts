// Markup a build renders once and reuses: parts of a page whose HTML follows from the key alone
// (an island's component, props and id prefix; the header for one current page). A build's
// content does not change while it runs; the dev server renders afresh, as content can change
// under it.
const rendered = new Map<string, string>()

export function renderedOnce(key: string, render: () => string): string {
  if (!import.meta.env.PROD) return render()
  let html = rendered.get(key)
  if (html === undefined) {
    html = render()
    rendered.set(key, html)
  }
  return html
}
