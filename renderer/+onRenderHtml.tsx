// Renders the whole document for a page. Pages are HTML-only; only islands inside them
// hydrate (see ./Island.tsx and ./start-islands.ts, which the inline loader of ./page-script.ts
// adds). The app's frame and head arrive as the Layout and Head settings (./settings.ts); the
// document itself is ./page-document.tsx.
import './styles.css'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { OnRenderHtmlSync } from 'vike/types'
import pageScriptUrl from 'virtual:page-script'
import { pageDocument } from './page-document.tsx'

export const onRenderHtml: OnRenderHtmlSync = (pageContext) =>
  escapeInject`${dangerouslySkipEscape(pageDocument(pageContext, pageScriptUrl))}`
