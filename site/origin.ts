/** The public origin: SITE_URL at build time (preview deploys) wins over content/site.yaml. */
export function resolveSiteUrl(contentUrl: string, override = process.env.SITE_URL): string {
  return (override || contentUrl).replace(/\/+$/, '')
}
