// The page frame with no page in it, as the site renders it: the Layout and Head settings
// (./+Layout.ts, ./+Head.ts) in the renderer's document. Run through Vite's module
// runner by builder/content/page-ids.ts, which hands it the site as `virtual:content`.
import type { PageContextServer } from 'vike/types'
import Head from './+Head.ts'
import Layout from './+Layout.ts'
import { pageDocument } from '../renderer/page-document.tsx'

export function renderPageShell(): string {
  const pageContext = {
    config: { Layout, Head },
    Page: () => null,
    data: { meta: { title: 'Page', description: 'A page.', path: '/' } },
    urlPathname: '/',
  } as unknown as PageContextServer
  return pageDocument(pageContext, '/page-script.js')
}
