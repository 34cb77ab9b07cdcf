// The path the site is served under: "/" on its own domain, "/repo/pr-12/" for a pull request's
// preview on GitHub Pages. Set at build time by SITE_BASE_PATH and given to Vite as its `base`
// (vite.config.ts), so the bundle carries it as import.meta.env.BASE_URL; the render threads
// report it to the prerender (builder/prerender/render-pages.ts), which writes it beside the site
// for the local server (BUILT_WITH_FILE). Route paths ("/about") never carry it: it is added
// where an address leaves the app (the document, the hosting files, the search index) and taken
// off where one comes in (the local server, the not-found page's guard).

/** The build-time variable that sets the base path. */
export const BASE_PATH_VARIABLE = 'SITE_BASE_PATH'

/** A path segment a base may use: letters, digits and "-._~", as GitHub names and PR numbers. */
const SEGMENT = /^[A-Za-z0-9._~-]+$/

/**
 * The base path SITE_BASE_PATH names, as "/" or "/a/b/" (leading and trailing slash); unset or
 * empty is "/". Throws a sentence naming the variable for anything that is not a plain path.
 */
export function parseBasePath(value: string | undefined): string {
  if (value === undefined || value === '' || value === '/') return '/'
  const segments = value.replace(/^\/|\/$/g, '').split('/')
  if (
    !value.startsWith('/') ||
    segments.some((segment) => !SEGMENT.test(segment) || segment === '.' || segment === '..')
  )
    throw new Error(
      `${BASE_PATH_VARIABLE} must be a path like /repo/pr-12/ (segments of letters, digits and -._~), got "${value}".`,
    )
  return `/${segments.join('/')}/`
}

/** A site address under the base: "/about" → "/repo/pr-12/about", "/" → "/repo/pr-12/". */
export function withBase(path: string, base: string): string {
  if (base === '/') return path
  return base + path.slice(1)
}

/**
 * The site address of a requested path under the base ("/repo/pr-12/about" → "/about"), or
 * undefined when it is outside it. The base without its trailing slash is outside it too: a
 * browser resolves the pages' relative addresses against it wrongly, so it is redirected.
 */
export function withoutBase(pathname: string, base: string): string | undefined {
  if (base === '/') return pathname
  return pathname.startsWith(base) ? pathname.slice(base.length - 1) : undefined
}
