// Renders the whole document for a page. Pages are HTML-only; only islands inside them
// hydrate (see ./Island.tsx and ./start-islands.ts, which the inline loader of ./page-script.ts
// adds). The app's frame and head arrive as the Layout and Head settings (./settings.ts).
import './styles.css'
import type { ComponentType } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { OnRenderHtmlSync } from 'vike/types'
import pageScriptUrl from 'virtual:page-script'
import { htmlUnderBase } from './base-path-html.ts'
import { PAGE_SCRIPT_ATTRIBUTE } from './island-attributes.ts'
import { toLatin1Html } from './latin1-html.ts'
import { PAGE_SCRIPT_LOADER, THEME_SCRIPT } from './inline-sources.ts'
import './settings.ts'

export const onRenderHtml: OnRenderHtmlSync = (pageContext) => {
  const { Layout, Head } = pageContext.config
  const Page = pageContext.Page as ComponentType<{ data: unknown }>
  const page = <Page data={pageContext.data} />
  // Vite's base (renderer/base-path.ts): the app's addresses are written without it.
  const base = import.meta.env.BASE_URL
  const body = htmlUnderBase(
    renderToString(Layout ? <Layout pageContext={pageContext}>{page}</Layout> : page),
    base,
  )
  const head = Head
    ? htmlUnderBase(renderToStaticMarkup(<Head pageContext={pageContext} />), base)
    : ''
  // The page script's address comes from Vite with the base already.
  const loader = `<script ${PAGE_SCRIPT_ATTRIBUTE}="${pageScriptUrl}">${PAGE_SCRIPT_LOADER}</script>`
  // In <head>, so the theme class is set before anything is painted (./theme-script.ts).
  const theme = `<script>${THEME_SCRIPT}</script>`
  const document = toLatin1Html(`<!DOCTYPE html>
<html lang="en">
  <head>${head + theme + loader}</head>
  <body id="top" class="bg-white text-slate-900 antialiased">${body}</body>
</html>`)
  return escapeInject`${dangerouslySkipEscape(document)}`
}
