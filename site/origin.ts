/** The public origin: SITE_URL at build time (preview deploys) wins over content/site.yaml. */
export function resolveSiteUrl(contentUrl: string, override = process.env.SITE_URL): string {
  return (override || contentUrl).replace(/\/+$/, '')
}

/**
 * The public address of the site's root, without a trailing slash: the origin followed by the
 * base path the site is served under ("https://owner.github.io" and "/repo/pr-12/" give
 * "https://owner.github.io/repo/pr-12"); a page's address is this and its route path.
 */
export function siteRootUrl(origin: string, basePath: string): string {
  return origin + basePath.replace(/\/$/, '')
}
