// Where a rendered page is written in dist/client, as static hosts look for it, and the way back
// from a file to the address it answers at.
import path from 'node:path'
import { BUILD_OUTPUTS } from '../../site/build-outputs.ts'
import { isPublicFile } from '../../site/editor.ts'

/** Where the not-found page is rendered: an address no route has, written as 404.html. */
export const NOT_FOUND_PATH = BUILD_OUTPUTS.notFound.path

/** "/" → index.html, "/a/b" → a/b/index.html, the not-found page → 404.html. */
export function pageFile(pagePath: string): string {
  if (pagePath === NOT_FOUND_PATH) return '404.html'
  return path.posix.join(pagePath.slice(1), 'index.html')
}

/** about/index.html answers at /about, index.html at /, 404.html stays /404.html. */
export function routeOfFile(relative: string): string {
  const file = relative.split(path.sep).join('/')
  if (file === 'index.html') return '/'
  return '/' + file.replace(/\/index\.html$/, '')
}

/**
 * Whether a file of dist/client (path relative to it) is a public page: HTML outside the assets
 * and outside the folders that hold no public page (the editor's: site/editor.ts). Every
 * public-page check lists its pages with this.
 */
export function isPageFile(relative: string): boolean {
  return (
    relative.endsWith('.html') &&
    !relative.split(/[\\/]/).includes('assets') &&
    isPublicFile(relative)
  )
}
