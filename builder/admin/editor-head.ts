// What the editor's pages (admin/*.html) share, written once here and applied by both the
// editor's build (./editor-build.ts) and the dev server's plugin (../vite/admin-plugin.ts): every
// page's first head tags, and the whole document of the sign-in step's two pages, whose files
// hold only what is their own (their script and what they say).
import path from 'node:path'
import type { HtmlTagDescriptor, Plugin } from 'vite'
import { EDITOR_PATH } from '../../site/editor.ts'

/** Every page's shared tags, first in the head: the charset must come in the first bytes. */
export const EDITOR_HEAD_TAGS: HtmlTagDescriptor[] = [
  { tag: 'meta', attrs: { charset: 'utf-8' }, injectTo: 'head-prepend' },
  {
    tag: 'meta',
    attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' },
    injectTo: 'head-prepend',
  },
  // The editor is never a search result (its headers say so too: server/headers.ts).
  { tag: 'meta', attrs: { name: 'robots', content: 'noindex' }, injectTo: 'head-prepend' },
]

/** The sign-in step's pages: one sends the visitor to GitHub, the other takes the answer back. */
export const SIGN_IN_STEP_PAGES = ['sign-in.html', 'callback.html']

const SIGN_IN_TITLE = 'Signing in to the editor'

/**
 * A sign-in step page's document around its own markup (a script and what it says), which
 * stands in the landmark under the step's heading. Unlike the editor (Decap draws in light
 * only), these plain pages follow the visitor's colour scheme.
 */
export function signInStepDocument(own: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta name="color-scheme" content="light dark" />
    <title>${SIGN_IN_TITLE}</title>
  </head>
  <body>
    <main>
      <h1>${SIGN_IN_TITLE}</h1>
${own}
    </main>
  </body>
</html>
`
}

/** Applies the shared parts to the editor's pages only: the dev server transforms others too. */
export function editorHead(): Plugin {
  return {
    name: 'editor-head',
    transformIndexHtml: {
      // Before Vite reads the page's scripts, so a sign-in step page's is found in its document.
      order: 'pre',
      handler(html, { path: page }) {
        if (!page.startsWith(`${EDITOR_PATH}/`)) return html
        const own = SIGN_IN_STEP_PAGES.includes(path.posix.basename(page))
        return { html: own ? signInStepDocument(html) : html, tags: EDITOR_HEAD_TAGS }
      },
    },
  }
}
