// Where a rendered page is written in dist/client, as static hosts look for it.
import path from 'node:path'

/** Where the not-found page is rendered: an address no route has, written as 404.html. */
export const NOT_FOUND_PATH = '/404'

/** "/" → index.html, "/a/b" → a/b/index.html, the not-found page → 404.html. */
export function pageFile(pagePath: string): string {
  if (pagePath === NOT_FOUND_PATH) return '404.html'
  return path.posix.join(pagePath.slice(1), 'index.html')
}
