import { getSite } from '../content/index.ts'
import { resolveSiteUrl } from './site-origin.ts'

/** The public origin: SITE_URL at build time (preview deploys), else content/site.yaml. */
export function siteUrl(): string {
  return resolveSiteUrl(getSite().url)
}

export function absoluteUrl(path: string): string {
  return siteUrl() + path
}
