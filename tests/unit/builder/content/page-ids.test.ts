// Content ids never take the page's own (issue 75): the ids the frame renders (its dialogs, the
// footer the head's render hint waits for) are read off a render of it, headings that would take
// one are renumbered in the table of contents and the compiled body alike, and a section `id`
// that would take one is refused at its line. The spec's anchors stay as they are.
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkContent } from '../../../../builder/content/content-checker.ts'
import { memorySource } from '../../../../builder/content/content-source.ts'
import { analyseBody } from '../../../../builder/content/mdx-body.ts'
import { createMdxCompiler } from '../../../../builder/content/mdx-compiler.ts'
import { mdxContent } from '../../../../builder/content/mdx-content.ts'
import { mdxOptions } from '../../../../builder/content/mdx-options.ts'
import { idsOfDocument, pageIds } from '../../../../builder/content/page-ids.ts'
import { BOOKING_DIALOG_ID } from '../../../../components/booking/booking-links.ts'
import { SITE_FOOTER_ID } from '../../../../components/layout/SiteFooter.tsx'
import { SEARCH_DIALOG_ID } from '../../../../components/search/search-button.ts'
import { collections } from '../../../../content/schema/collections.ts'
import { siteRoot } from '../../helpers/site-copy.ts'
import { copySmallSite } from '../../helpers/small-site.ts'

/** The headings that took the layout's ids before (issue 75). */
const BODY = '## Booking dialog\n\nText.\n\n## Site search\n\nText.\n\n## Site navigation\n'
const RENUMBERED = ['booking-dialog-1', 'site-search-1', 'site-navigation-1']
/** The anchors the spec's links name (docs/spec.md): content's, never the frame's. */
const SPEC_ANCHORS = ['contact', 'services', 'process', 'benefits', 'faq']

const sectionPage = (id: string) => `path: /taken
title: Taken
description: A page whose section takes an id.
sections:
  - type: prose
    id: ${id}
    heading: A heading
    body: Some words.
`

describe('the page’s ids', () => {
  it('are the ids of the rendered frame, and none of the spec’s anchors', async () => {
    const ids = await pageIds(siteRoot)
    for (const id of [BOOKING_DIALOG_ID, SEARCH_DIALOG_ID, SITE_FOOTER_ID, 'main', 'top'])
      expect(ids).toContain(id)
    for (const anchor of SPEC_ANCHORS) expect(ids).not.toContain(anchor)
  })

  it('are read from ids and in-page links of the markup, not from scripts', () => {
    const html =
      '<head><link rel="expect" href="#later" blocking="render"/><script>x=\' id="code"\'</script></head><body id="top"><dialog id="d"></dialog></body>'
    expect([...idsOfDocument(html)].sort()).toEqual(['d', 'later', 'top'])
  })

  it('are left to the page by headings, in the table of contents and the compiled body', async () => {
    const ids = await pageIds(siteRoot)
    const { facts } = analyseBody(BODY, 1, ids)
    expect(facts.headings.map((heading) => heading.id)).toEqual(RENUMBERED)
    const compiler = createMdxCompiler(mdxOptions, { root: siteRoot, cache: false })
    const file = path.join(siteRoot, 'content/articles/taken.mdx')
    const Body = mdxContent(file, await compiler.compile(file, BODY))
    const html = renderToStaticMarkup(createElement(Body))
    expect([...html.matchAll(/id="([^"]+)"/g)].map(([, id]) => id)).toEqual(RENUMBERED)
  })

  it('refuse a section id that takes one, at its line; a spec anchor passes', async () => {
    const ids = await pageIds(siteRoot)
    const check = async (id: string) => {
      const { errors } = await checkContent(
        memorySource([], new Map([['content/pages/taken.yaml', sectionPage(id)]])),
        collections,
        { today: '2026-01-01', pageIds: async () => ids },
      )
      return errors.filter((error) => error.field === 'sections[0].id')
    }
    expect(await check(SEARCH_DIALOG_ID)).toEqual([
      expect.objectContaining({
        file: 'content/pages/taken.yaml',
        line: 6,
        message: expect.stringContaining(
          `the id "${SEARCH_DIALOG_ID}" belongs to the page’s layout`,
        ),
      }),
    ])
    for (const anchor of SPEC_ANCHORS) expect(await check(anchor)).toEqual([])
  })
})

describe('an id the layout gains', () => {
  let copy: Awaited<ReturnType<typeof copySmallSite>>
  beforeAll(async () => {
    // The small site: the check reads every entry, and what it proves needs only the one page.
    copy = await copySmallSite('page-ids-', (project) =>
      writeFile(path.join(project, 'content/pages/taken.yaml'), sectionPage('layout-extra')),
    )
    const layout = path.join(copy.project, 'components/layout/Layout.tsx')
    const source = await readFile(layout, 'utf8')
    await writeFile(
      layout,
      source.replace('<BookingDialog />', '<BookingDialog />\n<div id="layout-extra" />'),
    )
  })
  afterAll(() => copy?.remove())

  it('is reserved with no list to change: the check in that copy refuses a section taking it', async () => {
    const result = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-content.ts'],
      { cwd: copy.project, env: { ...process.env, GITHUB_ACTIONS: '' } },
    ).then(
      () => ({ stderr: '' }),
      (error: { stderr: string }) => error,
    )
    expect(result.stderr).toContain(
      'content/pages/taken.yaml:6:5  sections[0].id  the id "layout-extra" belongs to the page’s layout',
    )
  })
})
