import { getSite } from '../content/index.ts'

/** The public origin: SITE_URL at build time (preview deploys), else content/site.yaml. */
export function siteUrl(): string {
  return (process.env.SITE_URL || getSite().url).replace(/\/+$/, '')
}

export function absoluteUrl(path: string): string {
  return siteUrl() + path
}
