// The whole HTML document of a page, as a string: what ./+onRenderHtml.tsx sends, and what the
// content check renders once with no page in it to learn the ids the frame itself uses
// (builder/content/page-ids.ts), so both come from this one function.
import type { ComponentType } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import type { PageContextServer } from 'vike/types'
import { htmlUnderBase } from './base-path-html.ts'
import { PAGE_SCRIPT_ATTRIBUTE } from './island-attributes.ts'
import { toLatin1Html } from './latin1-html.ts'
import { PAGE_SCRIPT_LOADER, THEME_SCRIPT } from './inline-sources.ts'
import './settings.ts'

/** `pageScriptUrl`: the page script's address, with the base already (Vite gives it so). */
export function pageDocument(pageContext: PageContextServer, pageScriptUrl: string): string {
  const { Layout, Head } = pageContext.config
  const Page = pageContext.Page as ComponentType<{ data: unknown }>
  const page = <Page data={pageContext.data} />
  // Vite's base (./base-path.ts): the app's addresses are written without it.
  const base = import.meta.env.BASE_URL
  const body = htmlUnderBase(
    renderToString(Layout ? <Layout pageContext={pageContext}>{page}</Layout> : page),
    base,
  )
  const head = Head
    ? htmlUnderBase(renderToStaticMarkup(<Head pageContext={pageContext} />), base)
    : ''
  const loader = `<script ${PAGE_SCRIPT_ATTRIBUTE}="${pageScriptUrl}">${PAGE_SCRIPT_LOADER}</script>`
  // In <head>, so the theme class is set before anything is painted (./theme-script.ts).
  const theme = `<script>${THEME_SCRIPT}</script>`
  return toLatin1Html(`<!DOCTYPE html>
<html lang="en">
  <head>${head + theme + loader}</head>
  <body id="top" class="bg-white text-slate-900 antialiased">${body}</body>
</html>`)
}
