import type { EntryData } from '../content/config.ts'
import { absoluteUrl } from './site-url.ts'
import type { PageMeta } from './types.ts'

export function Head({ site, meta }: { site: EntryData<'site'>; meta: PageMeta }) {
  const title = meta.bareTitle ? meta.title : site.titleTemplate.replace('%s', meta.title)
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex ? (
        <meta name="robots" content="noindex" />
      ) : (
        <link rel="canonical" href={absoluteUrl(meta.path)} />
      )}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>
  )
}
