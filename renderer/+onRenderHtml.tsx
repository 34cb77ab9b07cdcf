// Renders the whole document for a page. Pages are HTML-only; only islands inside them
// hydrate (see ./Island.tsx and ./start-islands.ts, which the inline loader of ./page-script.ts adds).
import './styles.css'
import type { ComponentType } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { OnRenderHtmlSync } from 'vike/types'
import pageScriptUrl from 'virtual:page-script'
import { withoutLinksTo } from '../content/_lib/drafts.ts'
import { getSite, listOmittedDraftPaths } from '../content/index.ts'
import { Head } from './Head.tsx'
import { Layout } from './Layout.tsx'
import { PAGE_SCRIPT_ATTRIBUTE } from './island-attributes.ts'
import { PAGE_SCRIPT_LOADER } from './page-script.ts'
import type { PageMeta } from './types.ts'

export const onRenderHtml: OnRenderHtmlSync = (pageContext) => {
  // Links to drafts left out of this build would lead nowhere, so the navigation drops them.
  const site = withoutLinksTo(getSite(), listOmittedDraftPaths())
  const meta: PageMeta = pageContext.data?.meta ?? {
    // The error page has no data hook of its own when Vike renders it for a failed request.
    title: site.notFound.title,
    description: site.notFound.description,
    path: pageContext.urlPathname,
    noindex: true,
  }
  const Page = pageContext.Page as ComponentType<{ data: unknown }>
  const body = renderToString(
    <Layout site={site} path={meta.path}>
      <Page data={pageContext.data} />
    </Layout>,
  )
  const head = renderToStaticMarkup(<Head site={site} meta={meta} />)
  const loader = `<script ${PAGE_SCRIPT_ATTRIBUTE}="${pageScriptUrl}">${PAGE_SCRIPT_LOADER}</script>`
  return escapeInject`<!DOCTYPE html>
<html lang="en">
  <head>${dangerouslySkipEscape(head + loader)}</head>
  <body id="top" class="bg-white text-slate-900 antialiased">${dangerouslySkipEscape(body)}</body>
</html>`
}
