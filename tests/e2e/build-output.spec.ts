// Pages are HTML-only: their copy must reach the browser as HTML, never inside JavaScript.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { parse } from 'yaml'
import { loadContent } from '../../builder/content/load.ts'
import { collections, type EntryData } from '../../content/schema/collections.ts'
import { isPageFile, routeOfFile } from '../../builder/prerender/page-file.ts'
import {
  inlineSourceProblems,
  renderedInlineSources,
} from '../../builder/outputs/inline-sources.ts'
import type { HeaderRule } from '../../server/headers.ts'
import { clientDir } from './built-site.ts'

test('a known sentence of page copy is in the HTML and in no built .js file', async () => {
  const home = parse(
    await readFile(path.resolve(import.meta.dirname, '../../content/pages/home.yaml'), 'utf8'),
  )
  const sentence: string = home.sections[0].lead
  expect(sentence.length).toBeGreaterThan(40)

  const html = await readFile(path.join(clientDir, 'index.html'), 'utf8')
  expect(html).toContain(sentence)

  const jsFiles = (await readdir(clientDir, { recursive: true })).filter((file) =>
    file.endsWith('.js'),
  )
  expect(jsFiles.length).toBeGreaterThan(0)
  for (const file of jsFiles) {
    const js = await readFile(path.join(clientDir, file), 'utf8')
    expect(js, file).not.toContain(sentence.slice(0, 40))
  }
})

// The build takes the inline sources from each page as it is rendered (builder/prerender/page-scan.ts):
// the finished files, read back here, must hold no other.
test('the security policy allows the renderer’s inline sources, which are all any page holds', async () => {
  const rules = JSON.parse(
    await readFile(path.join(clientDir, '../headers.json'), 'utf8'),
  ) as HeaderRule[]
  const policy = rules.find((rule) => rule.source === '/*')?.headers['Content-Security-Policy']
  expect(policy).toBeTruthy()
  const hashes = (name: string) =>
    (policy!.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '')
      .trim()
      .split(' ')
      .filter((source) => source.startsWith("'sha256-"))
  const allowed = renderedInlineSources()
  expect(hashes('script-src')).toEqual(allowed.scriptHashes)
  expect(hashes('style-src')).toEqual(allowed.styleHashes)
  expect(policy).not.toContain('style-src-attr')
  const pages = (await readdir(clientDir, { recursive: true })).filter(isPageFile)
  expect(pages.length).toBeGreaterThan(20)
  for (const file of pages)
    expect(inlineSourceProblems(await readFile(path.join(clientDir, file), 'utf8')), file).toEqual(
      [],
    )
})

// The build renders the header once per page it links to and reuses it for every other page
// (components/layout/SiteHeader.tsx), and the footer once: each page must still hold the whole
// navigation of content/site.yaml (it has no drafts to leave out) and mark its own link, only it.
test("every page's header and footer hold the whole navigation, marking that page's link only", async () => {
  const { entries } = await loadContent(path.resolve(import.meta.dirname, '../..'), collections)
  const site = entries.get('site')![0]!.data as EntryData<'site'>
  const { menus, links } = site.navigation
  const linked = new Set(
    [...menus.flatMap((menu) => menu.items), ...links].map((item) => item.href),
  )
  const footerLinks = [
    ...site.footer.columns.flatMap((column) => column.links),
    ...site.footer.legal,
  ].map((link) => link.href)
  const unescape = (value: string) =>
    value.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')
  const files = (await readdir(clientDir, { recursive: true })).filter(isPageFile)
  let marked = 0
  for (const file of files) {
    const route = routeOfFile(file)
    const html = await readFile(path.join(clientDir, file), 'utf8')
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'))
    const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'))
    const anchors = [...header.matchAll(/<a [^>]*>/g)].map(([tag]) => tag)
    const current = anchors
      .filter((tag) => tag.includes('aria-current="page"'))
      .map((tag) => tag.match(/href="([^"]*)"/)![1])
    const islands = [...header.matchAll(/data-island="([^"]*)"[^>]*data-props="([^"]*)"/g)].map(
      ([, name, props]) => ({ name, props: JSON.parse(unescape(props!)) }),
    )
    const mobileMenu = islands.find((island) => island.name === 'nav/MobileMenu')?.props
    expect(mobileMenu?.menus, file).toEqual(menus)
    expect(mobileMenu?.links, file).toEqual(links)
    for (const href of footerLinks) expect(footer, file).toContain(`href="${href}"`)
    const expected = linked.has(route) ? route : undefined
    expect(mobileMenu?.currentPath, file).toBe(expected)
    for (const { props } of islands)
      if (props.currentPath) expect(props.currentPath, file).toBe(route)
    for (const href of current) expect(href, file).toBe(route)
    // The logo comes first: on the home page it scrolls to the top instead.
    expect(anchors[0], file).toContain(route === '/' ? 'href="/#top"' : 'href="/"')
    if (expected) marked++
  }
  expect(marked).toBe(linked.size)
})
