// Cuts one element out of a built page without parsing the page: a thousand-page build hands
// only the part that matters to the feed and to the search index.

/**
 * The HTML of the first element carrying `attribute`, from its start tag to its matching end
 * tag, or undefined when there is none. Built pages come from React, so tags are balanced.
 */
export function elementSource(html: string, attribute: string): string | undefined {
  const marker = html.search(new RegExp(`<[a-zA-Z][^<>]*\\s${attribute}[\\s=>]`))
  if (marker < 0) return undefined
  const startTag = /<([a-zA-Z][\w-]*)/y
  startTag.lastIndex = marker
  const name = startTag.exec(html)![1]!
  const tags = new RegExp(`<(/?)${name}(?=[\\s>/])[^<>]*>`, 'gi')
  tags.lastIndex = marker
  let depth = 0
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[1]) depth--
    else if (!match[0].endsWith('/>')) depth++
    if (depth === 0) return html.slice(marker, tags.lastIndex)
  }
  return undefined
}
