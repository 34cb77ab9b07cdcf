// Serves a test-only page holding one island, rendered on the server exactly as renderer/Island
// renders it (its own root and identifierPrefix) and hydrated by the built site's real page
// script and stylesheet. The page exists only inside the test browser (page.route), never in
// the build: it proves islands whose pages are written elsewhere. The page script arrives as on
// every page, through the inline loader, which also opens the islands' native dialogs.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { PAGE_SCRIPT_ATTRIBUTE } from '../../renderer/island-attributes.ts'
import type { HydrateOn } from '../../renderer/island-name.ts'
import { PAGE_SCRIPT_LOADER } from '../../renderer/page-script.ts'

const builtHome = path.resolve(import.meta.dirname, '../../dist/client/index.html')

async function builtAssets() {
  const html = await readFile(builtHome, 'utf8')
  const script = new RegExp(`<script ${PAGE_SCRIPT_ATTRIBUTE}="([^"]+)"`).exec(html)?.[1]
  const stylesheet = /<link rel="stylesheet" type="text\/css" href="([^"]+)"/.exec(html)?.[1]
  if (!script || !stylesheet) throw new Error('dist/client/index.html: no page script or CSS')
  return { script, stylesheet }
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export interface HarnessIsland<P> {
  /** The island's name: its path under components/ without .island.tsx. */
  name: string
  component: ComponentType<P>
  props: P
  hydrate?: HydrateOn
}

/** Plain HTML between the islands, as a page's server components render it (a dialog's openers). */
export interface HarnessHtml {
  html: string
}

/** Opens a page at /__islands/<slug> with a heading and the given islands (and HTML), hydrated. */
export async function openIslandPage(
  page: Page,
  slug: string,
  heading: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- islands with different props
  parts: (HarnessIsland<any> | HarnessHtml)[],
) {
  const { script, stylesheet } = await builtAssets()
  const islands = parts.filter((part): part is HarnessIsland<unknown> => !('html' in part))
  const body = parts
    .map((part, index) => {
      if ('html' in part) return part.html
      const { name, component, props, hydrate = 'load' } = part
      const prefix = `${name.replace(/\W/g, '')}${index}-`
      const html = renderToString(
        createElement(component as ComponentType<object>, props as object),
        {
          identifierPrefix: prefix,
        },
      )
      // As on a page, each island sits under a section heading (axe checks heading order).
      return `<h2 class="sr-only">${name}</h2><div class="contents" data-island="${name}" data-hydrate="${hydrate}" data-prefix="${prefix}" data-props="${escapeAttribute(JSON.stringify(props))}">${html}</div>`
    })
    .join('\n')
  const document = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${heading}</title>
    <link rel="stylesheet" href="${stylesheet}" />
    <script ${PAGE_SCRIPT_ATTRIBUTE}="${script}">${PAGE_SCRIPT_LOADER}</script>
  </head>
  <body class="bg-white text-slate-900 antialiased">
    <main class="mx-auto max-w-6xl p-8">
      <h1 class="mb-6 text-3xl font-bold">${heading}</h1>
      ${body}
    </main>
  </body>
</html>`
  await page.route(`**/__islands/${slug}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: document }),
  )
  await page.goto(`/__islands/${slug}`)
  for (const { name } of islands)
    // The wrapper is display: contents, never "visible" itself.
    await page
      .locator(`[data-island="${name}"][data-hydrated]`)
      .first()
      .waitFor({ state: 'attached' })
}
