import { describe, expect, it } from 'vitest'
import {
  copySentences,
  findCopyInJs,
  readPageReferences,
  staticClosure,
  type Manifest,
} from '../../scripts/lib/page-weight.ts'

describe('page weight', () => {
  it('reads entry scripts, modulepreloads, stylesheets and islands from a page', () => {
    const refs = readPageReferences(`
      <link rel="stylesheet" type="text/css" href="/assets/site.css">
      <link rel="modulepreload" href="/assets/chunks/react.js">
      <script src="/assets/entries/client.js" type="module" async></script>
      <script type="application/ld+json">{}</script>
      <div class="contents" data-island="nav/NavMenu" data-hydrate="load" data-props="{}"></div>
      <div data-island="home/Carousel" data-hydrate="visible"></div>`)
    expect(refs).toEqual({
      scripts: ['/assets/entries/client.js'],
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
