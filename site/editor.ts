// The writers' editor (admin/, docs/editing-ui.md) is built as its own entry into dist/client/admin/
// and served at /admin/. It is not a public page: the site's own checks and indexes leave it out,
// and its answers get their own headers (server/headers.ts). The one list of what is left out.

/** Where the editor is served, and the folder of dist/client it is built into. */
export const EDITOR_PATH = '/admin'

/**
 * The folders of dist/client that hold no public page, so the public-page checks leave them out:
 * page weight (measure/page-weight.ts), the HTML check (tests/built/check-html.ts), the link check
 * (tests/built/check-links.ts), the inline sources the public policy hashes (builder/prerender/page-scan.ts),
 * and the sitemap, search index and feed, which list routes only (site/routes.ts).
 */
export const NOT_PUBLIC_FOLDERS: readonly string[] = [EDITOR_PATH.slice(1)]

/**
 * Whether a file of dist/client (its path relative to it, either slash) or an address of the site
 * ("/admin/config.json") belongs to the public site.
 */
export function isPublicFile(relative: string): boolean {
  const [first = ''] = relative.replace(/^[\\/]+/, '').split(/[\\/]/)
  return !NOT_PUBLIC_FOLDERS.includes(first)
}
