import type { PageContextServer } from 'vike/types'
import type { EntryData } from '../../content/schema/collections.ts'
import { listRoutes } from '../../site/content.ts'
import {
  BRAND_IMAGES,
  FEED_PATH,
  MANIFEST_PATH,
  SOCIAL_CARD_SIZE,
  THEME_COLOR,
} from '../../site/brand.ts'
import { resolveSiteUrl, siteRootUrl } from '../../site/origin.ts'
import { socialCardPath } from '../../site/social-card-path.ts'
import { siteForPage } from './Layout.tsx'
import { NO_SCRIPT_STYLE } from '../../renderer/inline-sources.ts'
import { pageMetaOf, type PageMeta } from './page-meta.ts'
import { SITE_FOOTER_ID } from './SiteFooter.tsx'
import {
  article,
  breadcrumbList,
  breadcrumbTrail,
  faqPage,
  organization,
  serializeJsonLd,
  serviceWithOffers,
  webSite,
  type JsonLd,
} from './structured-data.ts'

/**
 * The site's public root: the origin (SITE_URL at build time for preview deploys, else
 * content/site.yaml) and the base path the build is served under (renderer/base-path.ts).
 */
const siteUrl = (site: EntryData<'site'>) =>
  siteRootUrl(resolveSiteUrl(site.url), import.meta.env.BASE_URL)

/** The page's structured data: the company and site everywhere, the rest when the page has it. */
function pageStructuredData(site: EntryData<'site'>, meta: PageMeta): JsonLd[] {
  const facts = { ...site, url: siteUrl(site) }
  if (meta.noindex) return [organization(facts)]
  const crumbs =
    meta.breadcrumbs ?? breadcrumbTrail(meta.path, listRoutes(), site.ui.home, meta.title)
  return [
    organization(facts),
    webSite(facts),
    ...(crumbs ? [breadcrumbList(crumbs, facts.url)] : []),
    ...(meta.faq?.length ? [faqPage(meta.faq)] : []),
    ...(meta.article
      ? [article(facts, { ...meta, image: BRAND_IMAGES.socialCard }, meta.article)]
      : []),
    ...(meta.pricing?.length
      ? [
          serviceWithOffers(facts, {
            name: meta.title,
            description: meta.description,
            path: meta.path,
            plans: meta.pricing,
          }),
        ]
      : []),
  ]
}

/** Every page's <head> content: the renderer's Head setting (pages/+Head.ts). */
export function Head({ pageContext }: { pageContext: PageContextServer }) {
  const site = siteForPage()
  const meta = pageMetaOf(pageContext, site)
  const title = meta.bareTitle ? meta.title : site.titleTemplate.replace('%s', meta.title)
  const root = siteUrl(site)
  const canonical = root + meta.path
  // Each route has its own card, drawn by the build from its title; the not-found page, which is
  // no route, shows the site's.
  const card = root + (meta.noindex ? BRAND_IMAGES.socialCard : socialCardPath(meta.path))
  const cardAlt = meta.noindex ? `${site.name}: ${site.description}` : `${meta.title}: ${site.name}`
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      {/* No first paint before the footer is parsed. The whole page arrives in the first round
          trip (the first-response budget), but a slow phone parses it in several tasks and
          painted between them: the header's buttons and the breadcrumb moved as the rest came
          in (docs/performance.md). Browsers without render-blocking expectations ignore it. */}
      <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" />
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      {meta.noindex ? (
        <meta name="robots" content="noindex" />
      ) : (
        <link rel="canonical" href={canonical} />
      )}
      <meta name="theme-color" content={THEME_COLOR} />
      {/* Controls that need JavaScript are hidden without it; each has a plain fallback. */}
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
      </noscript>
      <link rel="icon" href={BRAND_IMAGES.favicon} type="image/svg+xml" />
      <link rel="icon" href={BRAND_IMAGES.icon192} type="image/png" sizes="192x192" />
      <link rel="apple-touch-icon" href={BRAND_IMAGES.appleTouchIcon} />
      <link rel="manifest" href={MANIFEST_PATH} />

      <link
        rel="alternate"
        type="application/rss+xml"
        title={site.articles.feed}
        href={root + FEED_PATH}
      />

      <meta property="og:type" content={meta.article ? 'article' : 'website'} />
      {meta.article && (
        <>
          <meta property="article:published_time" content={meta.article.publishDate} />
          {meta.article.updatedDate && (
            <meta property="article:modified_time" content={meta.article.updatedDate} />
          )}
          <meta property="article:author" content={meta.article.author} />
        </>
      )}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={meta.description} />
      {!meta.noindex && <meta property="og:url" content={canonical} />}
      <meta property="og:image" content={card} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(SOCIAL_CARD_SIZE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_CARD_SIZE.height)} />
      <meta property="og:image:alt" content={cardAlt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={meta.description} />
      <meta name="twitter:image" content={card} />
      <meta name="twitter:image:alt" content={cardAlt} />

      {pageStructuredData(site, meta).map((data) => (
        <script
          key={data['@type']}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
        />
      ))}
    </>
  )
}
