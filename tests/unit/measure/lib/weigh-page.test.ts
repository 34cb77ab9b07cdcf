import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import {
  copySentences,
  findCopyInJs,
  gzipSize,
  measurePage,
  readPageReferences,
  staticClosure,
  type Manifest,
} from '../../../../measure/lib/weigh-page.ts'

describe('page weight', () => {
  it("reads entry scripts, the loader's page script, modulepreloads, stylesheets and islands", () => {
    const refs = readPageReferences(`
      <link rel="stylesheet" type="text/css" href="/assets/site.css">
      <link rel="modulepreload" href="/assets/chunks/react.js">
      <script src="/assets/entries/client.js" type="module" async></script>
      <script data-page-script="/assets/entries/start-islands.js">(function () {})()</script>
      <script type="application/ld+json">{}</script>
      <div class="contents" data-island="nav/NavMenu" data-hydrate="load" data-props="{}"></div>
      <div data-island="home/Carousel" data-hydrate="visible"></div>`)
    expect(refs).toEqual({
      scripts: ['/assets/entries/client.js', '/assets/entries/start-islands.js'],
      preloads: ['/assets/chunks/react.js'],
      stylesheets: ['/assets/site.css'],
      islands: [
        { name: 'nav/NavMenu', hydrate: 'load' },
        { name: 'home/Carousel', hydrate: 'visible' },
      ],
    })
  })

  it('follows static imports but not dynamic ones', () => {
    const manifest: Manifest = {
      'renderer/+client.ts': { file: 'a.js', imports: ['_b.js'], dynamicImports: ['island.tsx'] },
      '_b.js': { file: 'b.js', imports: ['_c.js'] },
      '_c.js': { file: 'c.js', imports: ['renderer/+client.ts'] },
      'island.tsx': { file: 'island.js', imports: ['_c.js'] },
    }
    expect([...staticClosure(manifest, ['a.js'])].sort()).toEqual(['a.js', 'b.js', 'c.js'])
  })

  it('counts the page script, eager islands with React, and the loader; not what waits for a press', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'page-weight-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    await mkdir(path.join(dir, 'assets'))
    const files = ['entry', 'nav', 'carousel', 'hydrate', 'react', 'booking']
    for (const name of files)
      await writeFile(path.join(dir, 'assets', `${name}.js`), `export const ${name} = '${name}'`)
    const manifest: Manifest = {
      'renderer/start-islands.ts': {
        file: 'assets/entry.js',
        dynamicImports: [
          'components/nav/Menu.island.tsx',
          'components/home/Carousel.island.tsx',
          'renderer/hydrate-island.ts',
          'components/booking/open-booking.tsx',
        ],
      },
      'components/nav/Menu.island.tsx': { file: 'assets/nav.js', imports: ['_react.js'] },
      'components/home/Carousel.island.tsx': { file: 'assets/carousel.js', imports: ['_react.js'] },
      'renderer/hydrate-island.ts': { file: 'assets/hydrate.js', imports: ['_react.js'] },
      'components/booking/open-booking.tsx': { file: 'assets/booking.js' },
      '_react.js': { file: 'assets/react.js' },
    }
    const loader = '(function () { /* loader */ })()'
    const page = (islands: string) =>
      `<script data-page-script="/assets/entry.js">${loader}</script>${islands}`
    const eager = await measurePage(
      dir,
      '/',
      page(
        '<div data-island="nav/Menu" data-hydrate="load"></div><div data-island="home/Carousel" data-hydrate="visible"></div>',
      ),
      manifest,
    )
    expect(eager.jsFiles).toEqual([
      'assets/entry.js',
      'assets/hydrate.js',
      'assets/nav.js',
      'assets/react.js',
    ])
    expect(eager.inlineJsGzipBytes).toBe(gzipSize(loader))
    const lazy = await measurePage(
      dir,
      '/later',
      page('<div data-island="home/Carousel" data-hydrate="visible"></div>'),
      manifest,
    )
    expect(lazy.jsFiles).toEqual(['assets/entry.js'])
  })

  it('finds copy in JavaScript however the bundler escaped it', () => {
    const sentences = [
      'We’ll send the guide to your email shortly.',
      'Not in any bundle at all, ever.',
    ]
    expect(
      findCopyInJs('const a="We’ll send the guide to your email shortly."', sentences),
    ).toEqual([sentences[0]])
    expect(
      findCopyInJs('const a="We\\u2019ll send the guide to your email shortly."', sentences),
    ).toEqual([sentences[0]])
    expect(findCopyInJs('const a="unrelated"', sentences)).toEqual([])
  })

  it('takes prose from content, not short labels, paths or URLs', () => {
    expect(
      copySentences({
        label: 'Book a Call',
        href: '/resources/case-studies/some-long-path',
        url: 'https://cal.com/panelwise/30min-and-more',
        lead: '  Senior engineers interview your candidates.  ',
        nested: [{ answer: 'A standard interview is 60 minutes long.' }],
      }),
    ).toEqual([
      'Senior engineers interview your candidates.',
      'A standard interview is 60 minutes long.',
    ])
  })
})
